import type { Exchange } from './exchange.ts';
import { secretForms } from './secret-forms.ts';

/** Header names whose values are credentials whatever the user configured. */
const ALWAYS_SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key'];
/** Query parameters that carry credentials on any target. */
const ALWAYS_SECRET_PARAMS = ['access_token', 'api_key', 'apikey'];
/** Headers a user may pass that describe content, not credentials: masking them would change what checks see. */
const NOT_CREDENTIALS = new Set(['accept', 'accept-language', 'content-type', 'user-agent', 'cache-control']);
/** Auth scheme words: common text, not part of the secret. */
const SCHEME_WORDS = /^(bearer|basic|digest|token|apikey)$/i;
const MASK = '<redacted>';

export interface SecretMarks {
  /** Headers the run sends (--header, CONFORMANCE_HEADERS): their values are secrets. */
  headers: Record<string, string>;
  /** Further header names whose values are secrets wherever they appear (--secret-header). */
  secretHeaders?: string[];
  /** Query parameter names whose values are secrets wherever they appear (--secret-param). */
  secretParams?: string[];
}

export interface Redactor {
  /** Masks every known form of every secret in a text. */
  text(s: string): string;
  /** The whole exchange, masked, for anything written. */
  exchange(exchange: Exchange): Exchange;
  /** Only the answer masked: what checks judge, so no later cut of it can hold part of a secret. */
  answer(exchange: Exchange): Exchange;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Masks secrets in headers, URLs and bodies: the configured header values (and the credential inside
 * "Bearer <token>"), values of headers and query parameters marked secret (learned as they are met),
 * each in its raw, URL-encoded, JSON-escaped and base64 forms.
 */
export function createRedactor(marks: SecretMarks): Redactor {
  const configured = Object.keys(marks.headers).filter((k) => !NOT_CREDENTIALS.has(k.toLowerCase()));
  const headerNames = new Set([...ALWAYS_SECRET_HEADERS, ...configured, ...(marks.secretHeaders ?? [])].map((k) => k.toLowerCase()));
  const paramNames = [...new Set([...ALWAYS_SECRET_PARAMS, ...(marks.secretParams ?? [])])];
  // `name=value` in any text (URLs, echoed query strings, form bodies), raw or URL-encoded separators.
  const paramPattern = new RegExp(`((?:^|[?&;\\s"'/]|%26|%3F)(?:${paramNames.map(escapeRegExp).join('|')})(?:=|%3D))[^&\\s"'<>#\\\\]+`, 'gi');
  // The names alone first: most texts (every answer's body) hold none, and the search for a name is
  // a fraction of the pattern's, which tries its separators at every position.
  const paramNamed = new RegExp(paramNames.map(escapeRegExp).join('|'), 'i');
  const known = new Set<string>();
  let forms: string[] = [];
  const learn = (value: string) => {
    const fresh = [value, ...value.split(/[\s;,=]+/).filter((w) => w.length >= 6 && !SCHEME_WORDS.test(w))].filter((v) => v.length >= 4 && !known.has(v));
    if (!fresh.length) return;
    for (const v of fresh) known.add(v);
    forms = [...new Set([...known].flatMap(secretForms))].sort((a, b) => b.length - a.length);
  };
  for (const name of configured) learn(marks.headers[name]!);

  const learnFromUrl = (url: string) => {
    // Without a secret parameter's name in it (raw, or behind a % or + escape), a URL has none to
    // learn: most answers' URLs are not parsed at all (47 ms of a ledger run's worker before).
    if (!/[%+]/.test(url) && !paramNamed.test(url)) return;
    try {
      for (const [k, v] of new URL(url, 'http://x').searchParams) if (paramNames.some((p) => p.toLowerCase() === k.toLowerCase())) learn(v);
    } catch {
      // Not a URL: nothing to learn from it.
    }
  };
  const learnFromHeaders = (h: Record<string, string>) => {
    for (const [k, v] of Object.entries(h)) {
      if (headerNames.has(k.toLowerCase())) learn(v);
      if (k.toLowerCase() === 'location') learnFromUrl(v);
    }
  };
  const text = (s: string) => {
    let out = s;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(MASK);
    return paramNamed.test(out) ? out.replace(paramPattern, `$1${MASK}`) : out;
  };
  const headers = (h: Record<string, string>) =>
    Object.fromEntries(Object.entries(h).map(([k, v]) => [k, headerNames.has(k.toLowerCase()) ? MASK : text(v)]));
  const learnFrom = (ex: Exchange) => {
    learnFromUrl(ex.url);
    learnFromHeaders(ex.requestHeaders);
    learnFromHeaders(ex.responseHeaders);
  };
  return {
    text,
    exchange(ex) {
      learnFrom(ex);
      return {
        ...ex,
        url: text(ex.url),
        requestHeaders: headers(ex.requestHeaders),
        requestBody: ex.requestBody === undefined ? undefined : text(ex.requestBody),
        responseHeaders: headers(ex.responseHeaders),
        responseBody: text(ex.responseBody),
      };
    },
    answer(ex) {
      learnFrom(ex);
      return { ...ex, responseHeaders: headers(ex.responseHeaders), responseBody: text(ex.responseBody) };
    },
  };
}
