import fc from 'fast-check';
import { boundaryCases } from './boundary-cases.ts';
import { decodeValue, labelFailing } from './case-labels.ts';
import { INTEGER_FORMAT_RANGES } from '../../specs/schema-validator.ts';
import { failingKeywords } from './failing-keywords.ts';
import { isAmbiguous, type Encoding, type InvalidCase, type Keyword } from './invalid-case.ts';
import { memoBySchema } from './memo-by-schema.ts';
import { jsonInteger } from './json-integer.ts';
import { integerBounds, primitiveArbitrary } from './primitive-arbitrary.ts';
import { jsonValueToText } from './query-text.ts';
import { nonNullEnum, nonNullTypes, rulesOf, unwrapNullable, type SchemaNode } from './schema-node.ts';
import { stringMatchingArbitrary } from './string-matching.ts';

export interface InvalidOptions {
  /** Rule ids to carry besides the schema's own `x-rules` (a parameter's, for instance). */
  rules?: string[];
  /** Only these keywords (default: every keyword the schema lets a value break on its own). */
  keywords?: Keyword[];
  /** Keep case variants and empty text (default true); see InvalidCase.caseVariant. */
  includeAmbiguous?: boolean;
}

/**
 * Values that break exactly one keyword of the schema, labelled with it and the rule ids of the
 * node: random ones per keyword, mixed with the single-keyword boundary cases. `json` yields JSON
 * values, `text` parameter text (so an integer's `type` break is text such as `1.5` or `abc`).
 */
export function invalidArbitrary(schema: SchemaNode, encoding: 'text', options?: InvalidOptions): fc.Arbitrary<InvalidCase<string>>;
export function invalidArbitrary(schema: SchemaNode, encoding: Encoding, options?: InvalidOptions): fc.Arbitrary<InvalidCase>;
export function invalidArbitrary(schema: SchemaNode, encoding: Encoding, options: InvalidOptions = {}): fc.Arbitrary<InvalidCase> {
  return memoBySchema(schema, `invalid:${encoding}:${JSON.stringify(options)}`, () => buildInvalid(schema, encoding, options));
}

function buildInvalid(schema: SchemaNode, encoding: Encoding, options: InvalidOptions): fc.Arbitrary<InvalidCase> {
  const rules = rulesOf({ 'x-rules': options.rules }, schema, unwrapNullable(schema));
  const includeAmbiguous = options.includeAmbiguous ?? true;
  const keywords = invalidKeywords(schema, encoding, { includeAmbiguous }).filter((k) => !options.keywords || options.keywords.includes(k));
  const keep = (c: InvalidCase) => keywords.includes(c.violates) && !c.alsoViolates && (includeAmbiguous || !isAmbiguous(c));
  const edges = boundaryCases(schema, encoding, { rules }).invalid.filter(keep);
  const random = keywords.map((keyword) => breaking(schema, encoding, keyword, rules, includeAmbiguous));
  const choices = [...random, ...(edges.length > 0 ? [fc.constantFrom(...edges)] : [])];
  if (choices.length === 0) throw new RangeError(`invalidArbitrary: nothing breaks ${JSON.stringify(options.keywords ?? 'any keyword')} of this schema alone`);
  return fc.oneof(...choices);
}

/**
 * The keywords a value can break on its own in this encoding (text has no `type` break for a
 * string; `minLength` of an address is unreachable without breaking its pattern): those that
 * KEYWORD_HITS of the first KEYWORD_RUNS candidates break alone. A rare hit would make the runtime
 * filter crawl; such a keyword is left to the boundary list.
 */
export function invalidKeywords(schema: SchemaNode, encoding: Encoding, options: { includeAmbiguous?: boolean } = {}): Keyword[] {
  const includeAmbiguous = options.includeAmbiguous ?? true;
  return memoBySchema(schema, `keywords:${encoding}:${includeAmbiguous}`, () =>
    ALL_KEYWORDS.filter((keyword) => {
      const hits = keywordHits(schema, encoding, keyword, includeAmbiguous);
      return hits(KEYWORD_FIRST_LOOK) >= KEYWORD_HITS || hits(KEYWORD_RUNS) >= KEYWORD_HITS;
    }),
  );
}

/** A keyword breaks alone when KEYWORD_HITS of its first KEYWORD_RUNS candidates (one fixed seed) do. */
export const KEYWORD_RUNS = 100;
export const KEYWORD_HITS = 5;
/**
 * A sample with a seed is the start of every longer sample with that seed, so enough hits among the
 * first 30 candidates settle the count of 100: most keywords break by the tenth. A ledger run's
 * worker judged its keywords on 54-60 ms of CPU instead of 143, a verification run's on 54-70 ms
 * instead of about 100.
 */
const KEYWORD_FIRST_LOOK = 30;

/** For a number of runs: how many of the first candidates for `keyword` (a fixed seed) break it and nothing else. */
export function keywordHits(schema: SchemaNode, encoding: Encoding, keyword: Keyword, includeAmbiguous: boolean): (runs: number) => number {
  const candidates = candidateArbitrary(schema, encoding, keyword);
  return (runs) => (candidates ? fc.sample(candidates, { seed: 7, numRuns: runs }).filter((raw) => {
    const label = breaksOnly(schema, encoding, raw, keyword, []);
    return label !== undefined && (includeAmbiguous || !isAmbiguous(label));
  }).length : 0);
}

export const ALL_KEYWORDS: Keyword[] = ['type', 'enum', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'format'];

function breaking(schema: SchemaNode, encoding: Encoding, keyword: Keyword, rules: string[], includeAmbiguous: boolean): fc.Arbitrary<InvalidCase> {
  const candidates = candidateArbitrary(schema, encoding, keyword);
  if (!candidates) throw new RangeError(`no candidates for ${keyword}`);
  return candidates
    .map((raw) => breaksOnly(schema, encoding, raw, keyword, rules))
    .filter((label): label is InvalidCase => label !== undefined && (includeAmbiguous || !isAmbiguous(label)));
}

function breaksOnly(schema: SchemaNode, encoding: Encoding, raw: unknown, keyword: Keyword, rules: string[]): InvalidCase | undefined {
  const decoded = decodeValue(schema, encoding, raw);
  const failing = failingKeywords(schema, decoded);
  if (failing.length !== 1 || failing[0] !== keyword) return undefined;
  return labelFailing(schema, encoding, raw, decoded, failing, rules);
}

/** Values likely to break one keyword; the caller keeps those that break that keyword only. */
function candidateArbitrary(schema: SchemaNode, encoding: Encoding, keyword: Keyword): fc.Arbitrary<unknown> | undefined {
  const node = unwrapNullable(schema);
  const [type] = nonNullTypes(node);
  const encode = (arb: fc.Arbitrary<unknown>) => (encoding === 'text' ? arb.map(jsonValueToText) : arb);
  const members = nonNullEnum(node)?.filter((m): m is string => typeof m === 'string');
  switch (keyword) {
    case 'type':
      return encoding === 'json' ? wrongJsonType() : type === 'string' || members ? undefined : wrongText(schema);
    case 'enum':
      return members && members.length > 0 ? fc.oneof(mutatedString(fc.constantFrom(...members)), stringMatchingArbitrary(/^[a-z]{1,10}$/)) : undefined;
    case 'pattern':
      return node.pattern !== undefined ? mutatedString(validStrings(schema)) : undefined;
    case 'minLength':
      return node.minLength ? fc.tuple(validStrings(schema), fc.nat(node.minLength - 1)).map(([s, n]) => s.slice(0, n)) : undefined;
    case 'maxLength':
      return node.maxLength !== undefined ? fc.tuple(validStrings(schema), fc.integer({ min: 1, max: 3 })).map(([s, n]) => padTo(s, node.maxLength! + n)) : undefined;
    case 'minimum': {
      if (type !== 'integer' || node.minimum === undefined) return undefined;
      const { min } = integerBounds(node);
      const floor = INTEGER_FORMAT_RANGES[node.format ?? '']?.[0] ?? BigInt(Number.MIN_SAFE_INTEGER);
      return min - 1n < floor ? undefined : encode(fc.bigInt({ min: floor, max: min - 1n }).map(jsonInteger));
    }
    case 'maximum': {
      if (type !== 'integer' || node.maximum === undefined) return undefined;
      const { max } = integerBounds(node);
      const ceiling = INTEGER_FORMAT_RANGES[node.format ?? '']?.[1] ?? BigInt(Number.MAX_SAFE_INTEGER);
      return max + 1n > ceiling ? undefined : encode(fc.bigInt({ min: max + 1n, max: ceiling }).map(jsonInteger));
    }
    case 'format':
      if (type === 'integer' && node.format && INTEGER_FORMAT_RANGES[node.format]) return beyondIntegerFormat(node.format, encoding);
      if (type === 'string' && node.format === 'uuid') return mutatedString(fc.uuid());
      return undefined;
    default:
      return undefined;
  }
}

/** Integers past the format's true range (int64: past 2^63 - 1 or below -2^63), exact in both encodings. */
function beyondIntegerFormat(format: string, encoding: Encoding): fc.Arbitrary<unknown> {
  const [low, high] = INTEGER_FORMAT_RANGES[format];
  const past = fc.bigInt({ min: 1n, max: (high + 1n) * 256n });
  const signed = fc.tuple(past, fc.boolean()).map(([by, below]) => (below ? low - by : high + by));
  return encoding === 'text' ? signed.map((n) => n.toString()) : signed.map(jsonInteger);
}

function wrongJsonType(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, [], {}, true, false),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  );
}

/** Text a strict server cannot read as a number or boolean. */
function wrongText(schema: SchemaNode): fc.Arbitrary<string> {
  const validText = validStrings(schema);
  return fc.oneof(
    stringMatchingArbitrary(/^[a-z]{1,8}$/),
    fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 999 })).map(([i, f]) => `${i}.${f}`),
    fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 20 })).map(([m, e]) => `${m}e${e}`),
    validText.map((t) => ` ${t}`),
    validText.map((t) => `${t} `),
    fc.integer({ min: 0, max: 255 }).map((n) => `0x${n.toString(16)}`),
  );
}

function validStrings(schema: SchemaNode): fc.Arbitrary<string> {
  return primitiveArbitrary(schema, 'text').map(String);
}

const NOISE = [' ', '-', '.', ':', '/', '_', '%', 'g', 'G', 'x', 'Z', '0', 'é'];

/** One small edit of a string: insert, replace or drop a character, pad with a space, change case. */
function mutatedString(strings: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(strings, fc.nat(), fc.constantFrom(...NOISE), fc.constantFrom('insert', 'replace', 'drop', 'lead', 'trail', 'upper', 'lower')).map(
    ([s, at, ch, edit]) => {
      const i = s.length === 0 ? 0 : at % s.length;
      switch (edit) {
        case 'insert':
          return s.slice(0, i) + ch + s.slice(i);
        case 'replace':
          return s.slice(0, i) + ch + s.slice(i + 1);
        case 'drop':
          return s.slice(0, i) + s.slice(i + 1);
        case 'lead':
          return ` ${s}`;
        case 'trail':
          return `${s} `;
        case 'upper':
          return s.toUpperCase();
        default:
          return s.toLowerCase();
      }
    },
  );
}

function padTo(s: string, length: number): string {
  const last = s.length > 0 ? s.slice(-1) : 'a';
  return s + last.repeat(Math.max(0, length - s.length));
}
