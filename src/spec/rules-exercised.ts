/**
 * The catalogue rules (`x-rules`) of the schema nodes a value actually reached: a rule on an array's
 * items is judged only when the array has items, a rule on an optional field only when it is there.
 * A schema check that found nothing wrong has evaluated exactly these rules, no more.
 */
export function rulesExercised(schema: unknown, value: unknown): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown, data: unknown, depth: number): void => {
    // An empty list exercises nothing: a cap or an item rule holds on it only vacuously.
    if (data === undefined || (Array.isArray(data) && data.length === 0) || node === null || typeof node !== 'object' || depth > 64) return;
    const s = node as Record<string, unknown>;
    const rules = s['x-rules'];
    if (Array.isArray(rules)) for (const r of rules) found.add(String(r));
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[key])) for (const branch of s[key] as unknown[]) visit(branch, data, depth + 1);
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
