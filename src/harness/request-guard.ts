import { isLoopbackUrl } from '../config/base-url.ts';
import { TARGET_OF, type ResolvedConfig } from '../config/run-config.ts';
import { buildUrl, type OutgoingRequest } from '../http/client.ts';
import { INTERFACES, type InterfaceName } from '../../specs/load-spec.ts';
import { SkipCheck } from './skip.ts';

/** A request the production-safety guard refused to send: the test is skipped with this reason. */
export class RequestRefused extends SkipCheck {
  override name = 'RequestRefused';
}

/** The only POSTs a read-only run may send: the query service's two read-only operations, and rejected verifications. */
const READ_ONLY_POSTS: Array<{ iface: InterfaceName; path: RegExp }> = [
  { iface: 'ledger-query', path: /^\/api\/v1\/contracts\/call\/?$/ },
  { iface: 'ledger-query', path: /^\/api\/v1\/network\/fees\/?$/ },
  // Verification submissions from tests not declared `writes` carry only input the contract rejects.
  { iface: 'verify', path: /^\/v2\/verify\/[^/]*\/[^/]*\/?$/ },
];

// Parsed once per run: every request is guarded (the guard took 76 ms of a ledger run's worker
// when it parsed the three base URLs each time, 37-70 ms with this).
const bases = new WeakMap<ResolvedConfig, Array<{ iface: InterfaceName; origin: string; prefix: string }>>();

function basesOf(config: ResolvedConfig): Array<{ iface: InterfaceName; origin: string; prefix: string }> {
  let parsed = bases.get(config);
  if (!parsed) {
    parsed = INTERFACES.map((iface) => {
      const base = new URL(config.targets[TARGET_OF[iface]]);
      return { iface, origin: base.origin, prefix: base.pathname.replace(/\/+$/, '') };
    });
    bases.set(config, parsed);
  }
  return parsed;
}

/**
 * The interfaces a URL belongs to with its path below their base. Several may fit when the
 * interfaces share one origin (the reference server serves all three on one port).
 */
function targetsOf(config: ResolvedConfig, url: URL): Array<{ iface: InterfaceName; path: string }> {
  const fits = basesOf(config).flatMap(({ iface, origin, prefix }) => {
    const inside = url.origin === origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) || prefix === '');
    return inside ? [{ iface, prefix, path: url.pathname.slice(prefix.length) || '/' }] : [];
  });
  // The longest base wins: the status interface under /status/api/v2 is not the query service at /.
  const longest = Math.max(...fits.map((f) => f.prefix.length));
  return fits.filter((f) => f.prefix.length === longest).map(({ iface, path }) => ({ iface, path }));
}

/**
 * Defense in depth for production targets: on a non-loopback target a test that is not declared
 * `writes` may send only GET (and HEAD) requests and the allowlisted POSTs. Anything else is
 * refused before it leaves the process, whatever the test body intended.
 */
export function guardRequest(config: ResolvedConfig, req: OutgoingRequest, writesAllowed: boolean): void {
  const url = new URL(buildUrl(req));
  const targets = targetsOf(config, url);
  const method = req.method.toUpperCase();
  if (targets.length === 0) {
    if (!config.treatAsRemote && isLoopbackUrl(url.href)) return;
    throw new RequestRefused(`refused before sending: ${method} ${url.origin}${url.pathname} is outside the configured targets`);
  }
  if (targets.every((t) => config.loopback[t.iface]) || writesAllowed) return;
  if (method === 'GET' || method === 'HEAD') return;
  if (method === 'POST' && targets.some((t) => READ_ONLY_POSTS.some((p) => p.iface === t.iface && p.path.test(t.path)))) return;
  throw new RequestRefused(
    `refused before sending: ${method} ${targets[0]!.path} on a non-loopback target is not read-only (runs on loopback targets, elsewhere only in a test declared writes with --allow-writes)`,
  );
}
