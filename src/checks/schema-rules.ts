import { findOperation, responseSchema } from '../../specs/operations.ts';
import { loadSpec } from '../../specs/load-spec.ts';

/**
 * Every rule (`x-rules`) inside an operation's response schema: the rules a response-schema check
 * can attribute a violation to, so a test declares all of them and none is lost from the report.
 */
export async function responseSchemaRules(operationId: string, status: number): Promise<string[]> {
  const op = findOperation(await loadSpec('ledger-query'), operationId);
  const schema = responseSchema(op, status);
  const found = new Set<string>();
  const visited = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || visited.has(node)) return;
    visited.add(node);
    const rules = (node as Record<string, unknown>)['x-rules'];
    if (Array.isArray(rules)) for (const r of rules) found.add(String(r));
    for (const child of Object.values(node)) visit(child);
  };
  visit(schema);
  return [...found].sort();
}
