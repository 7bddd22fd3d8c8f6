// How recompiled code is compared with deployed code (the Sourcify rules): the runtime code exactly,
// once the immutable values are copied over the compiler's zero placeholders; the creation code as
// a prefix of the deploying input (constructor arguments follow). When the two differ only inside
// the CBOR metadata tail the match is partial ("match"), when identical it is "exact_match".

export type MatchLevel = 'exact_match' | 'match' | null;

type ImmutableReferences = Record<string, Array<{ start: number; length: number }>>;

function bytesOf(hex: string): Buffer {
  return Buffer.from(hex.replace(/^0x/, ''), 'hex');
}

/** Byte range of the CBOR metadata at the end of code: its length sits in the last two bytes. */
function metadataRange(code: Buffer): [number, number] | null {
  if (code.length < 2) return null;
  const cborLength = code.readUInt16BE(code.length - 2);
  const start = code.length - 2 - cborLength;
  return start >= 0 ? [start, code.length] : null;
}

/** Equal except possibly inside the metadata tail of `expected`? */
function matchLevel(expected: Buffer, actual: Buffer): MatchLevel {
  if (expected.length !== actual.length) return null;
  if (expected.equals(actual)) return 'exact_match';
  const range = metadataRange(expected);
  if (!range) return null;
  const [start, end] = range;
  return expected.subarray(0, start).equals(actual.subarray(0, start)) && actual.readUInt16BE(end - 2) === end - 2 - start
    ? 'match'
    : null;
}

export function compareRuntime(recompiledHex: string, deployedHex: string, immutableReferences: ImmutableReferences = {}): MatchLevel {
  const recompiled = bytesOf(recompiledHex);
  const deployed = bytesOf(deployedHex);
  if (recompiled.length !== deployed.length) return null;
  for (const references of Object.values(immutableReferences)) {
    for (const { start, length } of references) deployed.copy(recompiled, start, start, start + length);
  }
  return matchLevel(recompiled, deployed);
}

export function compareCreation(recompiledHex: string, creationInputHex: string): MatchLevel {
  const recompiled = bytesOf(recompiledHex);
  const input = bytesOf(creationInputHex);
  if (recompiled.length === 0 || input.length < recompiled.length) return null;
  return matchLevel(recompiled, input.subarray(0, recompiled.length));
}

/** The overall match: exact when either part is exact, partial when either is partial. */
export function overallMatch(runtime: MatchLevel, creation: MatchLevel): MatchLevel {
  if (runtime === 'exact_match' || creation === 'exact_match') return 'exact_match';
  if (runtime === 'match' || creation === 'match') return 'match';
  return null;
}
