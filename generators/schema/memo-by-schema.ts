import type { SchemaNode } from './schema-node.ts';

const memo = new WeakMap<SchemaNode, Map<string, unknown>>();

/**
 * Builds a thing derived from a schema node once per node and key. Arbitraries are immutable, and
 * building one from a pattern (fc.stringMatching) costs milliseconds, which request arbitraries that
 * rebuild per generated value (fc.chain) would otherwise pay every time.
 */
export function memoBySchema<T>(schema: SchemaNode, key: string, build: () => T): T {
  let byKey = memo.get(schema);
  if (!byKey) memo.set(schema, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, build());
  return byKey.get(key) as T;
}
