import { startDelayProxy } from './delay-proxy.ts';
import { startReferenceProcess, runConformance } from './child-runs.ts';
const ref = await startReferenceProcess();
const proxy = await startDelayProxy(ref.baseUrl, Number(process.argv[2] ?? 200));
const base = proxy.url;
const only = process.argv[3] ? ['--only', process.argv[3]] : [];
const run = await runConformance(['--base-url', base, '--status-url', `${base}/status/api/v2`, '--verify-url', base, '--seed', '20261124', ...only]);
console.log('far', run.wallS, run.exitCode, run.requests);
await proxy.close(); await ref.close();
