// 20-byte EVM addresses in requests: 40 hex digits, with or without 0x, in either case.

const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

/** The address as stored (0x and 40 lowercase digits), or undefined when the text is not one. */
export function parseEvmAddress(text: string): string | undefined {
  const match = EVM_ADDRESS.exec(text);
  return match ? `0x${match[1]!.toLowerCase()}` : undefined;
}
