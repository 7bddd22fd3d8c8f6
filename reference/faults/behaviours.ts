// Named sets of layers that make the reference server behave like a known implementation.
import type { Layer } from './layer.ts';

export const BEHAVIOURS: Record<string, Layer[]> = {};
