// The project's OpenAPI documents with every $ref replaced by what it points to, as swagger-parser's
// dereference leaves them (tests/dereference.test.ts holds the two side by side): a run loads no
// parser for documents whose validity this machine already knows (content-memo.ts).
import * as JsonPointer from '@hyperjump/json-pointer';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null;
const isRef = (value: Node): value is Node & { $ref: string } => typeof value.$ref === 'string';

/** The value at a local JSON pointer (`#/components/schemas/Id`), read through the document as it is now. */
function pointTo(root: Node, ref: string, follow: (value: unknown) => unknown): unknown {
  if (ref !== '#' && !ref.startsWith('#/')) throw new Error(`$ref ${ref} is not a pointer into this document`);
  let at: unknown = root;
  for (const key of JsonPointer.pointerSegments(decodeURIComponent(ref.slice(1)))) {
    // A pointer may pass through a $ref of its own on the way, as swagger-parser's does.
    at = follow(at);
    if (!isNode(at) || !Object.hasOwn(at, key)) throw new Error(`$ref ${ref} points to nothing in this document`);
    at = at[key];
  }
  return at;
}

/**
 * Replaces, in place, every local $ref of `root` by the object it points to: one object for every
 * $ref to the same place, a cycle as a cycle. A $ref with siblings becomes a new object of the
 * siblings and then the target's other properties (the siblings win), as in swagger-parser.
 */
export function dereferenceLocal<T extends object>(root: T): T {
  const done = new Set<Node>();

  /** What `ref` points to, dereferenced; `chain` holds the $refs that led here from one to the next. */
  const resolve = (ref: string, chain: Set<string>): unknown => {
    if (chain.has(ref)) throw new Error(`$ref ${ref} refers to itself`);
    chain.add(ref);
    const at = pointTo(root as Node, ref, (value) => (isNode(value) && isRef(value) ? resolve(value.$ref, chain) : value));
    return isNode(at) && isRef(at) ? withSiblings(at, resolve(at.$ref, chain)) : visit(at);
  };

  const withSiblings = (ref: Node, resolved: unknown): unknown => {
    const siblings = Object.keys(ref).filter((key) => key !== '$ref');
    if (siblings.length === 0 || !isNode(resolved)) return resolved;
    const merged: Node = {};
    for (const key of siblings) merged[key] = visit(ref[key]);
    for (const key of Object.keys(resolved)) if (!(key in merged)) merged[key] = resolved[key];
    return merged;
  };

  const visit = (value: unknown): unknown => {
    if (!isNode(value) || done.has(value)) return value;
    if (isRef(value)) return withSiblings(value, resolve(value.$ref, new Set()));
    done.add(value);
    for (const key of Object.keys(value)) value[key] = visit(value[key]);
    return value;
  };

  return visit(root) as T;
}
