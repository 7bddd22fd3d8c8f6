// The name=value pairs of a URL's query string as sent, each part decoded ('+' as a space); a part
// that is not valid percent-encoding stays as it came, for the validation behind to judge.

export function queryPairs(rawUrl: string): Array<[string, string]> {
  const at = rawUrl.indexOf('?');
  if (at < 0) return [];
  const out: Array<[string, string]> = [];
  for (const part of rawUrl.slice(at + 1).split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    out.push([decode(eq < 0 ? part : part.slice(0, eq)), decode(eq < 0 ? '' : part.slice(eq + 1))]);
  }
  return out;
}

function decode(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
