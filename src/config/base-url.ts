import { ConfigError } from './run-config.ts';

/** An http(s) base URL without a trailing slash; anything else is a usage error naming the flag. */
export function normalizeBaseUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${flag} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${flag} must be an http or https URL, got "${value}"`);
  }
  if (url.search || url.hash) throw new ConfigError(`${flag} must not carry a query or fragment: "${value}"`);
  return url.toString().replace(/\/+$/, '');
}

/** The path prefix every query-service path of the contract carries (section 9). */
const QUERY_PATH_PREFIX = '/api/v1';
/** The path every verification-interface path of the contract starts with (section 4.8). */
const VERIFY_PATH_PREFIX = '/v2/verify';

/** `normalized` without `prefix` at its end. */
const before = (normalized: string, prefix: string) => (normalized.endsWith(prefix) ? normalized.slice(0, -prefix.length) : normalized);

/**
 * The query service's base address, before /api/v1: a base URL given with the prefix (as the public
 * services' addresses are often written) names the same service, and the checks of paths outside
 * the prefix need the address before it.
 */
export function queryServiceRoot(normalized: string): string {
  return before(normalized, QUERY_PATH_PREFIX);
}

/**
 * The verification interface's base address, before /v2/verify: every path of the contract starts
 * there, so an address given with it (as the verify API's is often written) would double it.
 */
export function verifyServiceRoot(normalized: string): string {
  return before(normalized, VERIFY_PATH_PREFIX);
}

/** Loopback targets are ours to load and change; everything else is treated as production. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
