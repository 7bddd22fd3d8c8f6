import type { InvalidField } from '../../generators/requests/body-arbitrary.ts';

/**
 * A copy of `body` broken as a generated case is broken: the value at its JSON pointer replaced,
 * or left out for a `required` break ('' replaces the whole body).
 */
export function breakBody(body: Record<string, unknown>, invalid: InvalidField): unknown {
  if (invalid.pointer === '') return invalid.value;
  const copy = structuredClone(body);
  const keys = invalid.pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop()!;
  let node: Record<string, unknown> = copy;
  for (const key of keys) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  if (invalid.violates === 'required') delete node[last];
  else node[last] = invalid.value;
  return copy;
}
