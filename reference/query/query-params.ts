// Reads and validates a request's query string. Names are case-insensitive; each invalid value
// yields one "Invalid parameter" message (in query order), then each unknown name one "Unknown
// query parameter" message. Bracketed keys (`limit[x]`) are simply unknown names.
import { queryPairs } from './query-pairs.ts';
import { QueryError, invalidParameter, unknownParameter, type ErrorMessage } from './query-error.ts';

export type Operator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';
export interface Filter<T> { op: Operator; value: T }

export interface ParamRule {
  name: string;
  /** The parsed value, or undefined when the text is invalid. */
  parse: (text: string) => unknown;
  /** A parameter that may be given once only (limit, order, ...). */
  single?: boolean;
}

export class ParsedQuery {
  constructor(
    /** Every query entry in request order, names lower-cased. */
    readonly entries: ReadonlyArray<readonly [string, string]>,
    private readonly values: Map<string, unknown[]>,
  ) {}

  all<T>(name: string): T[] {
    return (this.values.get(name) ?? []) as T[];
  }

  first<T>(name: string): T | undefined {
    return this.all<T>(name)[0];
  }

  has(name: string): boolean {
    return this.values.has(name);
  }
}

/** Parameter names are matched in any letter case. */
function splitQuery(rawUrl: string): Array<[string, string]> {
  return queryPairs(rawUrl).map(([name, value]) => [name.toLowerCase(), value]);
}

export function readQuery(rawUrl: string, rules: readonly ParamRule[]): ParsedQuery {
  const entries = splitQuery(rawUrl);
  const byName = new Map(rules.map((rule) => [rule.name, rule]));
  const values = new Map<string, unknown[]>();
  const invalid: string[] = [];
  const unknown: string[] = [];
  for (const [name, text] of entries) {
    const rule = byName.get(name);
    if (!rule) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    const parsed = rule.parse(text);
    const list = values.get(name) ?? [];
    if (parsed === undefined || (rule.single && list.length > 0)) {
      if (!invalid.includes(name)) invalid.push(name);
      continue;
    }
    list.push(parsed);
    values.set(name, list);
  }
  const messages: ErrorMessage[] = [...invalid.map(invalidParameter), ...unknown.map(unknownParameter)];
  if (messages.length) throw new QueryError(400, messages);
  return new ParsedQuery(entries, values);
}

const OPERATOR = /^(eq|ne|gt|gte|lt|lte):(.*)$/s;

/** `[op:]value` with the allowed operators; the value parsed by `parseValue`. */
export function operatorFilter<T>(parseValue: (text: string) => T | undefined, allowed: readonly Operator[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte']) {
  return (text: string): Filter<T> | undefined => {
    const match = OPERATOR.exec(text);
    const op = (match?.[1] ?? 'eq') as Operator;
    if (!allowed.includes(op)) return undefined;
    const value = parseValue(match ? match[2]! : text);
    return value === undefined ? undefined : { op, value };
  };
}

/** Page size: an integer 1..max written in plain digits. */
export function limitRule(max = 100): ParamRule {
  return {
    name: 'limit',
    single: true,
    parse: (text) => {
      if (!/^\d{1,6}$/.test(text)) return undefined;
      const value = Number(text);
      return value >= 1 && value <= max ? value : undefined;
    },
  };
}

export type Order = 'asc' | 'desc';

export const orderRule: ParamRule = {
  name: 'order',
  single: true,
  parse: (text) => {
    const lower = text.toLowerCase();
    return lower === 'asc' || lower === 'desc' ? lower : undefined;
  },
};

export function booleanRule(name: string): ParamRule {
  return { name, single: true, parse: (text) => (/^true$/i.test(text) ? true : /^false$/i.test(text) ? false : undefined) };
}

export function enumRule(name: string, values: readonly string[], options: { single?: boolean; caseInsensitive?: boolean } = {}): ParamRule {
  return {
    name,
    single: options.single ?? true,
    parse: (text) => {
      const found = values.find((v) => (options.caseInsensitive === false ? v === text : v.toLowerCase() === text.toLowerCase()));
      return found;
    },
  };
}
