// Field encodings shared by the resources: keys and byte strings (and integers, re-exported).
import { int } from './json-body.ts';

export type KeyJson = { _type: string; key: string };

export function keyJson(key: unknown): KeyJson | null {
  if (!key || typeof key !== 'object') return null;
  const k = key as { _type?: unknown; key?: unknown };
  return typeof k._type === 'string' && typeof k.key === 'string' ? { _type: k._type, key: k.key } : null;
}

export function base64(bytes: Uint8Array | null): string | null {
  return bytes === null ? null : Buffer.from(bytes).toString('base64');
}

export { int };
