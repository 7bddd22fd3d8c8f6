import fc from 'fast-check';
import { labelInvalid } from './case-labels.ts';
import { INTEGER_FORMAT_RANGES } from '../../specs/schema-validator.ts';
import { failingKeywords } from './failing-keywords.ts';
import type { Encoding, InvalidCase } from './invalid-case.ts';
import { memoBySchema } from './memo-by-schema.ts';
import { jsonInteger } from './json-integer.ts';
import { integerBounds, primitiveArbitrary } from './primitive-arbitrary.ts';
import { jsonValueToText } from './query-text.ts';
import { nonNullEnum, nonNullTypes, rulesOf, unwrapNullable, type SchemaNode } from './schema-node.ts';

export interface BoundaryCases {
  /** Values the schema accepts, in the encoding asked for. */
  valid: unknown[];
  /** Values it rejects, each labelled from what it actually breaks. */
  invalid: InvalidCase[];
}

export interface BoundaryOptions {
  /** Rule ids to carry besides the schema's own `x-rules` (a parameter's, for instance). */
  rules?: string[];
}

/**
 * The edge values of a schema as plain lists, so a suite can try every one on every run: the
 * limits and one past them, the default, the empty string, the longest allowed string and one
 * character more, decimals and exponents where an integer is expected, negative zero, very large
 * integers (int64's edges exact, as bigints in JSON), surrounding spaces and letter-case variants. Candidates are proposed here and sorted
 * into valid and invalid by what they actually break.
 */
export function boundaryCases(schema: SchemaNode, encoding: Encoding, options: BoundaryOptions = {}): BoundaryCases {
  const node = unwrapNullable(schema);
  const rules = rulesOf({ 'x-rules': options.rules }, schema, node);
  const sorted = sortedCandidates(schema, encoding);
  return { valid: [...sorted.valid], invalid: sorted.invalid.map((c) => ({ ...c, rules })) };
}

// Sorting proposes values up to 262147 characters long and samples seeds: once per schema and encoding.
function sortedCandidates(schema: SchemaNode, encoding: Encoding): BoundaryCases {
  return memoBySchema(schema, `boundaries:${encoding}`, () => {
    const node = unwrapNullable(schema);
    const candidates = dedupe([...commonCandidates(node, encoding), ...typeCandidates(node, encoding), ...byType(schema, node, encoding)]);
    const sorted: BoundaryCases = { valid: [], invalid: [] };
    for (const candidate of candidates) {
      const label = labelInvalid(schema, encoding, candidate, []);
      if (label) sorted.invalid.push(label);
      else sorted.valid.push(candidate);
    }
    return sorted;
  });
}

function commonCandidates(node: SchemaNode, encoding: Encoding): unknown[] {
  const declared = [node.default, ...(node.examples ?? [])].filter((v) => v !== undefined && v !== null);
  return encoding === 'text' ? declared.flatMap(textOf) : declared;
}

/** Probes of the wrong JSON type; parameter text has a single type, so it gets none. */
function typeCandidates(node: SchemaNode, encoding: Encoding): unknown[] {
  if (encoding === 'text') return [];
  const types = nonNullTypes(node);
  const probes: unknown[] = [null, [], {}];
  probes.push(types.includes('string') ? 42 : '25', types.includes('boolean') ? 'true' : true);
  if (types.includes('integer')) probes.push(1.5);
  return probes;
}

function byType(schema: SchemaNode, node: SchemaNode, encoding: Encoding): unknown[] {
  if (nonNullEnum(node)) return enumCandidates(node, encoding);
  const [type] = nonNullTypes(node);
  if (type === 'integer') return integerCandidates(node, encoding);
  if (type === 'string') return stringCandidates(schema, node);
  if (type === 'boolean') return encoding === 'text' ? ['true', 'false', 'TRUE', 'yes', '1', ''] : [true, false, 0];
  return [];
}

function enumCandidates(node: SchemaNode, encoding: Encoding): unknown[] {
  const members = nonNullEnum(node) ?? [];
  const words = members.filter((m): m is string => typeof m === 'string');
  const variants = words.flatMap((w) => [w.toUpperCase(), w.toLowerCase(), capitalise(w), ` ${w}`, `${w} `, `${w}x`]);
  const encoded = encoding === 'text' ? members.flatMap(textOf) : members;
  return [...encoded, ...variants, ''];
}

function integerCandidates(node: SchemaNode, encoding: Encoding): unknown[] {
  const { min, max } = integerBounds(node);
  const range = INTEGER_FORMAT_RANGES[node.format ?? ''];
  const numbers: bigint[] = [min, max, min - 1n, 0n, -1n];
  if (max < BigInt(Number.MAX_SAFE_INTEGER)) numbers.push(max + 1n);
  // The format's own edges and one past them, exactly: int64's 2^63 - 1 and 2^63 differ in the last digit.
  if (range) numbers.push(range[1], range[1] + 1n, range[0], range[0] - 1n);
  numbers.push(2n ** 64n, 10n ** 20n);
  if (encoding === 'json') return numbers.map(jsonInteger);
  const typical = String(node.default ?? min);
  const texts = numbers.map((n) => n.toString());
  return [...texts, '-0', '1.5', `${typical}.5`, '1e2', `${typical}e0`, `${typical} `, ` ${typical}`, '0x10', 'abc', ''];
}

function stringCandidates(schema: SchemaNode, node: SchemaNode): unknown[] {
  const seeds = stringSeeds(schema);
  const candidates: string[] = ['', ...seeds.slice(0, 3)];
  for (const seed of seeds.slice(0, 3)) candidates.push(` ${seed}`, `${seed} `, seed.toUpperCase(), seed.toLowerCase());
  const shortest = [...seeds].sort((a, b) => a.length - b.length)[0];
  if (shortest !== undefined && node.minLength !== undefined) candidates.push(shortest.slice(0, node.minLength), shortest.slice(0, node.minLength - 1));
  if (node.maxLength !== undefined) {
    const longest = longestValid(schema, node.maxLength, seeds);
    if (longest !== undefined) candidates.push(longest, longest + longest.slice(-1), longest.toUpperCase());
  }
  return candidates;
}

/** A few valid strings, the schema's own examples first, then fixed-seed samples. */
function stringSeeds(schema: SchemaNode): string[] {
  const node = unwrapNullable(schema);
  const declared = [node.default, ...(node.examples ?? [])].filter((v): v is string => typeof v === 'string');
  const sampled = fc.sample(primitiveArbitrary(schema, 'text'), { seed: 42, numRuns: 20 }) as string[];
  return [...new Set([...declared, ...sampled])];
}

/**
 * The longest value the schema accepts: a seed padded with its own last character up to maxLength.
 * An optional literal prefix of the pattern (`^(0x)?`) is kept, because the limit counts it: for the
 * contract call `data` that is `0x` and 131072 bytes of payload, the reading every target shares.
 */
function longestValid(schema: SchemaNode, maxLength: number, seeds: string[]): string | undefined {
  const prefix = optionalLiteralPrefix(unwrapNullable(schema).pattern);
  const prefixed = prefix ? seeds.map((s) => (s.startsWith(prefix) ? s : prefix + s)) : [];
  for (const seed of [...prefixed, ...seeds]) {
    if (seed.length === 0 || seed.length > maxLength) continue;
    const padded = seed + seed.slice(-1).repeat(maxLength - seed.length);
    if (failingKeywords(schema, padded).length === 0) return padded;
  }
  return undefined;
}

function optionalLiteralPrefix(pattern: string | undefined): string | undefined {
  return pattern?.match(/^\^\(([A-Za-z0-9]+)\)\?/)?.[1];
}

function textOf(value: unknown): string[] {
  try {
    return [jsonValueToText(value)];
  } catch {
    return [];
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = Object.is(v, -0) ? '-0' : typeof v === 'bigint' ? `bigint:${v}` : `${typeof v}:${JSON.stringify(v)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
