import * as JsonPointer from '@hyperjump/json-pointer';

/** A JSON value of an OpenAPI document, read without trusting its shape. */
export type Node = Record<string, unknown>;

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The target of a local `$ref` (a URI fragment holding a JSON pointer); undefined when there is none. */
function pointer(doc: Node, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return JsonPointer.get(decodeURIComponent(ref.slice(1)), doc as JsonPointer.Json);
  } catch {
    return undefined;
  }
}

function rulesOf(node: Node): string[] {
  return Array.isArray(node['x-rules']) ? node['x-rules'].filter((r): r is string => typeof r === 'string') : [];
}

/**
 * Follows local $refs, keeping sibling keywords (OpenAPI 3.1 allows them) on top of the target and
 * the union of the `x-rules` met on the way. Remote refs are left unresolved: nothing to compare.
 */
export function deref(doc: Node, value: unknown): Node | undefined {
  let node = isNode(value) ? value : undefined;
  const rules = new Set<string>();
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 20; hops++) {
    for (const r of rulesOf(node)) rules.add(r);
    const { $ref, ...siblings } = node;
    const target = pointer(doc, $ref as string);
    if (!isNode(target)) return undefined;
    for (const r of rulesOf(target)) rules.add(r);
    node = { ...target, ...siblings };
    delete node.$ref;
    if (typeof target.$ref === 'string') node.$ref = target.$ref;
  }
  if (!node) return undefined;
  for (const r of rulesOf(node)) rules.add(r);
  return rules.size ? { ...node, 'x-rules': [...rules] } : node;
}

/** The comparable facts of one schema: what an instance must look like, flattened. */
export interface SchemaView {
  node: Node;
  rules: string[];
  /** Types allowed, `null` included when the schema is nullable; undefined when the schema does not say. */
  types?: Set<string>;
  enum?: unknown[];
  properties: Map<string, unknown>;
  required: Set<string>;
  items?: unknown;
  keywords: Node;
}

/** Keywords whose values are compared as they are. */
export const COMPARED_KEYWORDS = ['pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'default', 'format'] as const;

function typesOf(node: Node): Set<string> | undefined {
  const t = node.type;
  if (t === undefined) return undefined;
  const types = new Set(Array.isArray(t) ? t.map(String) : [String(t)]);
  if (node.nullable === true) types.add('null'); // OpenAPI 3.0 spelling of a nullable schema
  return types;
}

/**
 * Views a schema for comparison: allOf parts are merged, and a oneOf/anyOf of one schema plus
 * `null` (the 3.1 way of saying nullable) is read as that schema with null allowed.
 */
export function viewSchema(doc: Node, value: unknown, depth = 0): SchemaView | undefined {
  const node = deref(doc, value);
  if (!node || depth > 8) return undefined;
  const view: SchemaView = { node, rules: rulesOf(node), types: typesOf(node), properties: new Map(), required: new Set(), keywords: {} };
  if (Array.isArray(node.enum)) view.enum = node.enum;
  for (const k of COMPARED_KEYWORDS) if (node[k] !== undefined) view.keywords[k] = node[k];
  if (isNode(node.properties)) for (const [name, schema] of Object.entries(node.properties)) view.properties.set(name, schema);
  if (Array.isArray(node.required)) for (const r of node.required) view.required.add(String(r));
  if (node.items !== undefined) view.items = node.items;

  for (const part of Array.isArray(node.allOf) ? node.allOf : []) {
    const p = viewSchema(doc, part, depth + 1);
    if (!p) continue;
    view.types ??= p.types;
    view.enum ??= p.enum;
    view.items ??= p.items;
    for (const [name, schema] of p.properties) if (!view.properties.has(name)) view.properties.set(name, schema);
    for (const r of p.required) view.required.add(r);
    for (const [k, v] of Object.entries(p.keywords)) view.keywords[k] ??= v;
    for (const r of p.rules) if (!view.rules.includes(r)) view.rules.push(r);
  }
  const alternatives = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : undefined;
  if (alternatives) {
    const views = alternatives.map((a) => viewSchema(doc, a, depth + 1)).filter((v): v is SchemaView => v !== undefined);
    const isNull = (v: SchemaView) => v.types?.size === 1 && v.types.has('null');
    const real = views.filter((v) => !isNull(v));
    if (real.length === 1 && views.length === real.length + 1) {
      const merged = { ...real[0]!, rules: [...new Set([...view.rules, ...real[0]!.rules])] };
      merged.types = real[0]!.types ? new Set([...real[0]!.types, 'null']) : undefined;
      return merged;
    }
    const all = views.map((v) => v.types);
    if (all.every((t) => t !== undefined)) view.types = new Set(all.flatMap((t) => [...t!]));
  }
  return view;
}
