import fc from 'fast-check';

/** Largest seconds value of a Timestamp: 1 to 10 digits. */
const TIMESTAMP_SECONDS_MAX = 9_999_999_999;

/**
 * `seconds.nanoseconds` as the contract's pattern allows: seconds of 1 to 10 digits and an optional
 * fraction of 1 to 9 digits. With `nanos: 'padded'` the fraction always has 9 digits, the form the
 * service itself writes.
 */
export function timestampArbitrary(options: { nanos?: 'any' | 'padded' } = {}): fc.Arbitrary<string> {
  const seconds = fc.oneof(fc.constantFrom(0, 1, 1_700_000_000, TIMESTAMP_SECONDS_MAX), fc.integer({ min: 0, max: TIMESTAMP_SECONDS_MAX }));
  const nanos = fc.integer({ min: 0, max: 999_999_999 });
  if (options.nanos === 'padded') return fc.tuple(seconds, nanos).map(([s, n]) => `${s}.${String(n).padStart(9, '0')}`);
  const fraction = fc.option(fc.tuple(nanos, fc.integer({ min: 1, max: 9 })).map(([n, digits]) => String(n).padStart(9, '0').slice(0, digits)), { nil: undefined });
  return fc.tuple(seconds, fraction).map(([s, f]) => (f === undefined ? String(s) : `${s}.${f}`));
}

/** Not a Timestamp: 11 second digits, 10 fraction digits, an empty fraction, a sign, an exponent. */
export function invalidTimestampArbitrary(): fc.Arbitrary<string> {
  return fc.constantFrom('10000000000', '1.1234567890', '1.', '.5', '-1', '+1', '1e9', '1,5', ' 1', '1 ', 'now', '');
}
