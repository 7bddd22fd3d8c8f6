/**
 * The JSON Schema 2020-12 subset our OpenAPI documents use for parameters and request bodies,
 * and the small readers every generator needs (types, nullability, rule ids).
 */
export interface SchemaNode {
  type?: JsonType | JsonType[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  default?: unknown;
  format?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  oneOf?: SchemaNode[];
  examples?: unknown[];
  'x-rules'?: string[];
  [extension: string]: unknown;
}

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** The declared types of a node without `null`; a node with no `type` yields the empty list. */
export function nonNullTypes(schema: SchemaNode): JsonType[] {
  const inner = unwrapNullable(schema);
  const declared = inner.type === undefined ? [] : Array.isArray(inner.type) ? inner.type : [inner.type];
  return declared.filter((t) => t !== 'null');
}

/** Null is allowed by `type: [x, 'null']`, by `oneOf: [x, {type: 'null'}]` or by a null enum member. */
export function isNullable(schema: SchemaNode): boolean {
  if (nullBranchIndex(schema) >= 0) return true;
  const declared = Array.isArray(schema.type) ? schema.type : [schema.type];
  return declared.includes('null') || (schema.enum?.includes(null) ?? false);
}

/** `oneOf: [X, {type: 'null'}]` is read as a nullable X; any other node is itself. */
export function unwrapNullable(schema: SchemaNode): SchemaNode {
  const index = nullBranchIndex(schema);
  if (index < 0 || !schema.oneOf) return schema;
  const other = schema.oneOf.filter((_, i) => i !== index);
  return other.length === 1 ? { ...other[0], 'x-rules': rulesOf(schema, other[0]) } : schema;
}

function nullBranchIndex(schema: SchemaNode): number {
  return schema.oneOf?.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1) ?? -1;
}

/** The catalogue rule ids (`x-rules`) of the given nodes, in order, without duplicates. */
export function rulesOf(...nodes: Array<{ 'x-rules'?: unknown } | undefined>): string[] {
  const rules = nodes.flatMap((node) => (Array.isArray(node?.['x-rules']) ? node['x-rules'].map(String) : []));
  return [...new Set(rules)];
}

/** Enum members a non-null value may take. */
export function nonNullEnum(schema: SchemaNode): unknown[] | undefined {
  return schema.enum?.filter((member) => member !== null);
}
