/** Selector of Solidity's Error(string), which `require(..., "reason")` and `revert("reason")` encode. */
export const ERROR_STRING_SELECTOR = '0x08c379a0';

/**
 * The reason string ABI-encoded in revert data as Error(string), or undefined when the data is not
 * such an encoding (a custom error, a panic, or no data).
 */
export function decodeErrorString(data: string): string | undefined {
  const hex = data.toLowerCase();
  if (!hex.startsWith(ERROR_STRING_SELECTOR) || !/^0x[0-9a-f]*$/.test(hex)) return undefined;
  const body = Buffer.from(hex.slice(10), 'hex');
  if (body.length < 64) return undefined;
  const offset = Number(BigInt(`0x${body.subarray(0, 32).toString('hex')}`));
  if (offset + 32 > body.length) return undefined;
  const length = Number(BigInt(`0x${body.subarray(offset, offset + 32).toString('hex')}`));
  if (offset + 32 + length > body.length) return undefined;
  return body.subarray(offset + 32, offset + 32 + length).toString('utf8');
}
