import fc from 'fast-check';

/** Largest value of one part of an EntityId: the contract allows 1 to 10 digits per part. */
export const ENTITY_ID_PART_MAX = 9_999_999_999;

const part = () => fc.integer({ min: 0, max: ENTITY_ID_PART_MAX }).map(String);

/** `shard.realm.num` in canonical decimal (no leading zeros), the form a target hands out itself. */
export function entityIdArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('0.0.0', '0.0.1', '0.0.1001', `${ENTITY_ID_PART_MAX}.${ENTITY_ID_PART_MAX}.${ENTITY_ID_PART_MAX}`),
    fc.tuple(fc.constantFrom('0', '1'), fc.constantFrom('0', '1'), part()).map((parts) => parts.join('.')),
    fc.tuple(part(), part(), part()).map((parts) => parts.join('.')),
  );
}

/** The bare account number, which requests may use in place of `0.0.<num>`. */
export function accountNumberArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom('0', '1', String(ENTITY_ID_PART_MAX)), part());
}

/** An account as a request may name it: bare number or full ID. */
export function accountIdTextArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(accountNumberArbitrary(), entityIdArbitrary());
}

/**
 * Text that is not an EntityId by the contract's pattern: a part of 11 digits, two or four parts,
 * an empty part, a sign, letters, surrounding spaces. (`realm.num` is here too: the contract does
 * not allow it even though the real service does.)
 */
export function invalidEntityIdArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('10000000000.0.1', '0.0.10000000000', '0.1', '0.0.1.2', '0..1', '.0.1', '0.0.', '-1.0.1', '0.0.-1', '0.0.abc', ' 0.0.1', '0.0.1 ', '0x0.0.1', ''),
    fc.tuple(entityIdArbitrary(), fc.constantFrom('a', ' ', '-', '.', '+')).map(([id, noise]) => `${id}${noise}`),
  );
}
