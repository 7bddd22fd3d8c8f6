// Named sets of layers that make the reference server behave like a known implementation.
import type { Layer } from './layer.ts';
import { EMPTY_LEDGER_LAYERS } from './empty-ledger.ts';
import { PUBLIC_SERVICE_LAYERS } from './public-service.ts';

export const BEHAVIOURS: Record<string, Layer[]> = {
  public: PUBLIC_SERVICE_LAYERS,
  empty: EMPTY_LEDGER_LAYERS,
};
