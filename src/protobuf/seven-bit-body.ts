/**
 * The harness client sends a string body as UTF-8, which leaves only bytes below 0x80 unchanged.
 * A protobuf message made of such bytes can therefore travel as the string of those characters;
 * anything else cannot, and is refused here rather than sent corrupted.
 */
export function isSevenBitClean(bytes: Uint8Array): boolean {
  return bytes.every((b) => b < 0x80);
}

export function sevenBitBody(bytes: Uint8Array): string {
  if (!isSevenBitClean(bytes)) throw new RangeError('body has bytes of 0x80 or above: the client would re-encode them');
  return String.fromCharCode(...bytes);
}
