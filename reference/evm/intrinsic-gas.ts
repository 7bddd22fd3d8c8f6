// Gas a transaction pays before any code runs (Cancun rules). A call's gas limit must cover it;
// only the rest is available to execution, as in eth_call.

const TX_BASE = 21_000n;
const CREATE_EXTRA = 32_000n;
const ZERO_BYTE = 4n;
const NONZERO_BYTE = 16n;
const INITCODE_WORD = 2n; // EIP-3860

export function intrinsicGas(data: Uint8Array, isCreate = false): bigint {
  let gas = TX_BASE;
  for (const byte of data) gas += byte === 0 ? ZERO_BYTE : NONZERO_BYTE;
  if (isCreate) gas += CREATE_EXTRA + INITCODE_WORD * BigInt(Math.ceil(data.length / 32));
  return gas;
}
