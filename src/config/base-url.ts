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

/** Loopback targets are ours to load and change; everything else is treated as production. */
export function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
