/** Shortest base64 fragment worth masking: shorter ones match unrelated text. */
const MIN_BASE64 = 6;

/**
 * The forms in which a target may echo a secret: as it is, URL-encoded (upper- and lower-case
 * escapes, form encoding), JSON-escaped, and base64 (standard and URL-safe) at each of the three
 * byte alignments it can take inside a longer encoded text.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set<string>([secret, encodeURI(secret)]);
  const uri = encodeURIComponent(secret);
  forms.add(uri);
  forms.add(uri.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  forms.add(new URLSearchParams([['x', secret]]).toString().slice(2));
  for (const form of [...forms]) forms.add(JSON.stringify(form).slice(1, -1));
  const bytes = Buffer.from(secret, 'utf8');
  for (let lead = 0; lead < 3; lead++) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64');
    // Only the characters whose six bits all come from the secret are the same whatever surrounds it.
    const inner = encoded.slice(Math.ceil((8 * lead) / 6), Math.floor((8 * (lead + bytes.length)) / 6));
    if (inner.length < MIN_BASE64) continue;
    forms.add(inner);
    forms.add(inner.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...forms].filter((f) => f.length > 0);
}
