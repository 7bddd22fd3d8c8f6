// 32-byte EVM words in requests (storage slots, log topics): 1 to 64 hex digits, 0x optional,
// left-padded with zeros to the full word as stored.

const WORD = /^(?:0x)?([0-9a-fA-F]{1,64})$/;

/** The word as stored (0x and 64 lowercase digits), or undefined when the text is not one. */
export function parseEvmWord(text: string): string | undefined {
  const match = WORD.exec(text);
  return match ? `0x${match[1]!.toLowerCase().padStart(64, '0')}` : undefined;
}
