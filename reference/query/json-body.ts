// JSON with 64-bit integers: ledger amounts (the treasury balance, total supply) exceed 2^53, so
// bigints are written as plain JSON number digits instead of being rounded through a double.

export type JsonValue = string | number | bigint | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

export function toJson(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string': return JSON.stringify(value);
    case 'number': return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint': return value.toString();
    case 'boolean': return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item)).join(',')}]`;
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${toJson(item)}`);
  }
  return `{${parts.join(',')}}`;
}
