import { isLoopbackUrl } from '../config/base-url.ts';
import type { ResolvedConfig } from '../config/run-config.ts';
import { buildUrl, type OutgoingRequest } from '../http/client.ts';
import type { InterfaceName } from '../spec/load-spec.ts';
import { SkipCheck } from './skip.ts';

/** A request the production-safety guard refused to send: the test is skipped with this reason. */
export class RequestRefused extends SkipCheck {
  override name = 'RequestRefused';
}

/** The only POSTs a read-only run may send: the query service's two read-only operations. */
const READ_ONLY_POSTS: Array<{ iface: InterfaceName; path: RegExp }> = [
  { iface: 'ledger-query', path: /^\/api\/v1\/contracts\/call\/?$/ },
  { iface: 'ledger-query', path: /^\/api\/v1\/network\/fees\/?$/ },
  // Verification submissions from tests not declared `writes` carry only input the contract rejects.
  { iface: 'verify', path: /^\/v2\/verify\/[^/]+\/[^/]+\/?$/ },
];

function targetOf(config: ResolvedConfig, url: URL): { iface: InterfaceName; path: string } | undefined {
  const bases: Array<[InterfaceName, string]> = [
    ['ledger-query', config.targets.baseUrl],
    ['status', config.targets.statusUrl],
    ['verify', config.targets.verifyUrl],
  ];
  // Longest base first: the status or verify base may sit under the query service's origin.
  bases.sort((a, b) => b[1].length - a[1].length);
  for (const [iface, base] of bases) {
    const b = new URL(base);
    const prefix = b.pathname.replace(/\/+$/, '');
    if (url.origin === b.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || prefix === '')) {
      return { iface, path: url.pathname.slice(prefix.length) || '/' };
    }
  }
  return undefined;
}

/**
 * Defense in depth for production targets: on a non-loopback target a test that is not declared
 * `writes` may send only GET (and HEAD) requests and the allowlisted POSTs. Anything else is
 * refused before it leaves the process, whatever the test body intended.
 */
export function guardRequest(config: ResolvedConfig, req: OutgoingRequest, writesAllowed: boolean): void {
  const url = new URL(buildUrl(req));
  const target = targetOf(config, url);
  const method = req.method.toUpperCase();
  if (!target) {
    if (!config.treatAsRemote && isLoopbackUrl(url.href)) return;
    throw new RequestRefused(`refused before sending: ${method} ${url.origin}${url.pathname} is outside the configured targets`);
  }
  if (config.loopback[target.iface] || writesAllowed) return;
  if (method === 'GET' || method === 'HEAD') return;
  if (method === 'POST' && READ_ONLY_POSTS.some((p) => p.iface === target.iface && p.path.test(target.path))) return;
  throw new RequestRefused(
    `refused before sending: ${method} ${target.path} on the non-loopback ${target.iface} target is not read-only (runs on loopback targets, elsewhere only in a test declared writes with --allow-writes)`,
  );
}
