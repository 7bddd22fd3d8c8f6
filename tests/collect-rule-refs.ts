/** Every value of every `x-rules` array anywhere in a document, each once. */
export function collectRuleRefs(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectRuleRefs(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-rules' && Array.isArray(value)) value.forEach((id) => out.add(String(id)));
      else collectRuleRefs(value, out);
    }
  }
  return out;
}
