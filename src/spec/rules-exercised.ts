/**
 * The catalogue rules (`x-rules`) of the schema nodes a value actually reached: a rule on an array's
 * items is judged only when the array has items, a rule on an optional field only when it is there.
 * A schema check that found nothing wrong has evaluated exactly these rules, no more.
 */
export function rulesExercised(schema: unknown, value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown, data: unknown, depth: number): void => {
    // An empty list exercises nothing: a cap or an item rule holds on it only vacuously; nor does a
    // null, which carries no value for a pattern or a shape to hold on.
    if (data === undefined || data === null || (Array.isArray(data) && data.length === 0) || node === null || typeof node !== 'object' || depth > 64) return;
    const s = node as Record<string, unknown>;
    const rules = s['x-rules'];
    if (Array.isArray(rules)) for (const r of rules) found.add(String(r));
    if (Array.isArray(s.allOf)) for (const branch of s.allOf as unknown[]) visit(branch, data, depth + 1);
    // Of the alternatives only those whose type admits the value were exercised: `bytes: null`
    // matched the null branch, and says nothing of the base64 one.
    for (const key of ['anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[key])) for (const branch of s[key] as unknown[]) if (typeAdmits(branch, data)) visit(branch, data, depth + 1);
    }
    if (Array.isArray(data)) {
      for (const item of data) visit(s.items, item, depth + 1);
      return;
    }
    if (data === null || typeof data !== 'object') return;
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    for (const [key, child] of Object.entries(data as Record<string, unknown>)) {
      visit(key in properties ? properties[key] : s.additionalProperties, child, depth + 1);
    }
  };
  visit(schema, value, 0);
  return found;
}

/** The JSON type of a value as a schema's `type` names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'bigint' ? 'integer' : typeof value;
}

/** Does the schema's declared `type` (if any) admit the value? An untyped branch admits anything. */
function typeAdmits(node: unknown, value: unknown): boolean {
  const declared = (node as Record<string, unknown> | null)?.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared.map(String) : [String(declared)];
  const actual = jsonType(value);
  if (types.includes(actual)) return true;
  if (actual === 'number' && types.includes('integer')) return Number.isInteger(value);
  return actual === 'integer' && types.includes('number');
}
