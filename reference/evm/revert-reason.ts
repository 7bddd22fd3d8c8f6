// Human-readable reason of revert data: Solidity's Error(string) and Panic(uint256) encodings.

const ERROR_SELECTOR = '08c379a0';
const PANIC_SELECTOR = '4e487b71';

/** The reason text, or null when the data carries no standard encoding (custom errors, empty). */
export function decodeRevertReason(data: Uint8Array): string | null {
  const hex = Buffer.from(data).toString('hex');
  if (hex.startsWith(ERROR_SELECTOR) && data.length >= 4 + 64) {
    const body = data.subarray(4);
    const offset = Number(BigInt(`0x${Buffer.from(body.subarray(0, 32)).toString('hex')}`));
    if (offset + 32 > body.length) return null;
    const length = Number(BigInt(`0x${Buffer.from(body.subarray(offset, offset + 32)).toString('hex')}`));
    if (offset + 32 + length > body.length) return null;
    return Buffer.from(body.subarray(offset + 32, offset + 32 + length)).toString('utf8');
  }
  if (hex.startsWith(PANIC_SELECTOR) && data.length === 4 + 32) {
    return `Panic(0x${BigInt(`0x${hex.slice(8)}`).toString(16)})`;
  }
  return null;
}
