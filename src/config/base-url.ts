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

/**
 * The query service's base address, before /api/v1: a base URL given with the prefix (as the public
 * services' addresses are often written) names the same service, and the checks of paths outside
 * the prefix need the address before it.
 */
export function queryServiceRoot(normalized: string): string {
  return normalized.endsWith(QUERY_PATH_PREFIX) ? normalized.slice(0, -QUERY_PATH_PREFIX.length) : normalized;
}

/** Loopback targets are ours to load and change; everything else is treated as production. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
