// Runs one conformance suite file against a target with vitest in this process, for fault proofs
// that need one file's checks rather than a whole interface run; returns each rule's evaluations
// and violations.
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createVitest } from 'vitest/node';
import { buildRunConfig } from '../../src/config/parse-args.ts';
import { resolveConfig } from '../../src/harness/resolve-config.ts';
import type { ConformanceMeta } from '../../src/harness/conformance-meta.ts';
import { DIST } from '../../scripts/runtime-build.mjs';
import { concurrencyLimit, importCompiled, readJson, tempDir } from './cli-helpers.ts';

export interface RuleEvidence {
  held: number;
  violated: number;
  /** Held evaluations per clause of a rule with clauses: the rule passes only when each clause has some. */
  clausesHeld: Record<string, number>;
  messages: string[];
  /** Why a test could not judge the rule (t.notEvaluated), one entry per reason given. */
  notEvaluated: string[];
}

/** Where a suite-file run's own console output goes: nowhere, as a child's did (one per run: vitest ends it). */
const silent = () => new Writable({ write: (_chunk, _encoding, done) => done() });

interface VitestJson {
  testResults: Array<{ assertionResults: Array<{ title: string; status: string; meta?: { conformance?: ConformanceMeta } }> }>;
}

/** What the compiled CLI uses to start vitest: its configuration and the guard of this process's exit code and environment. */
async function compiledRunParts() {
  const [{ vitestConfig }, { keepingHostState }] = await Promise.all([
    importCompiled<typeof import('../../src/cli/package-root.ts')>('src/cli/package-root.js'),
    importCompiled<typeof import('../../src/cli/host-state.ts')>('src/cli/host-state.js'),
  ]);
  return { vitestConfig, keepingHostState };
}

/** Evidence per rule of one suite file (`suites/ledger-query/x.test.ts`) run against `baseUrl`. */
export async function runSuiteFile(file: string, baseUrl: string, depth = 3): Promise<Map<string, RuleEvidence>> {
  const dir = tempDir('suite-file');
  const run = buildRunConfig({ '--base-url': [baseUrl], '--only': ['ledger-query'], '--seed': ['5'], '--depth': [String(depth)], '--report-dir': [dir] }, {});
  const config = resolveConfig(run, { baseUrl, statusUrl: baseUrl, verifyUrl: baseUrl }, { embedded: false });
  const output = join(dir, 'results.json');
  // The compiled copy, as the CLI runs it, in vitest's own API rather than a child vitest: a child
  // spent about half a second of CPU starting Node and loading vite and vitest, once per run. The
  // configuration is provided to this run alone (several go at once in one process).
  const { vitestConfig, keepingHostState } = await compiledRunParts();
  const { options, overrides } = await vitestConfig(config.effectiveWorkers);
  await keepingHostState(async () => {
    const vitest = await createVitest('test', { root: DIST, ...options, provide: { conformance: config }, project: ['conformance'], watch: false, reporters: [['json', { outputFile: output }]] } as never, overrides, { stdout: silent(), stderr: silent() });
    try {
      await vitest.start([file.replace(/\.ts$/, '.js')]);
    } finally {
      await vitest.close();
    }
  });
  const evidence = new Map<string, RuleEvidence>();
  for (const test of readJson<VitestJson>(output).testResults.flatMap((f) => f.assertionResults)) {
    const meta = test.meta?.conformance;
    if (!meta) continue;
    for (const [rule, tally] of Object.entries(meta.evaluations)) {
      const e = evidence.get(rule) ?? { held: 0, violated: 0, clausesHeld: {}, messages: [], notEvaluated: [] };
      e.held += tally.held;
      e.violated += tally.violated;
      for (const [clause, c] of Object.entries(tally.clauses ?? {})) e.clausesHeld[clause] = (e.clausesHeld[clause] ?? 0) + c.held;
      evidence.set(rule, e);
    }
    for (const v of meta.violations) evidence.get(v.rule)?.messages.push(v.message);
    for (const n of meta.notEvaluated) {
      if (!evidence.has(n.rule)) evidence.set(n.rule, { held: 0, violated: 0, clausesHeld: {}, messages: [], notEvaluated: [] });
      evidence.get(n.rule)!.notEvaluated.push(n.reason);
    }
  }
  return evidence;
}

/** runSuiteFile with at most `atOnce` runs going: for files whose independent tests run side by side. */
export function suiteFileRunner(atOnce: number): typeof runSuiteFile {
  const slot = concurrencyLimit(atOnce);
  return (...args) => slot(() => runSuiteFile(...args));
}
