import { isUuid } from '../../specs/uuid-format.ts';

// The UUID shape is the contract's format fact; checks take it from here with the v4 refinement.
export { isUuid };

/** A version-4 (random) UUID: version digit 4, variant 8, 9, a or b. */
export function isUuidV4(value: unknown): value is string {
  return isUuid(value) && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);
}
