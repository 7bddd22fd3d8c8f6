import { rmSync, writeFileSync } from 'node:fs';
import { buildRunConfig, parseFlags, reportDirOf, type ConfigEnv, type FlagValues } from '../config/parse-args.ts';
import { ConfigError, TARGET_FLAG, TARGET_OF, UNUSED_TARGET, type RunConfig, type Targets } from '../config/run-config.ts';
import { driftPaths, type DriftData } from '../drift/drift-report.ts';
import { ensureWritableDir } from '../config/report-dir.ts';
import type { RunInfo } from '../report/build-report.ts';
import { reportPaths } from '../report/report-paths.ts';
import { clearVerdictFiles, markInterruptedOnSignal } from '../report/interrupted-run.ts';
import { INTERFACES } from '../../specs/interfaces.ts';
import { ROOT, vitestConfig } from './package-root.ts';
import { startEmbeddedReference } from './embedded-reference.ts';
import { progressReporter } from './progress-reporter.ts';
import { reportInputs } from './report-inputs.ts';
import { startHtmlWriter } from '../report/html-report.ts';
import { describeErrorChain } from './describe-error-chain.ts';
import type { ChainProvision, VerifyRpcOptions } from '../chain/provision-samples.ts';
import { chainRecordFile } from '../chain/deployment-record.ts';
import { rpcOrigin } from '../chain/write-guard.ts';
import type { CliIo } from './cli-io.ts';
import { keepingHostState } from './host-state.ts';
import { keptOpen } from './kept-open-stream.ts';

// What this module imports statically is light: the embedded reference starts before the readers of
// specs, catalogue and input files (swagger-parser, ajv, yaml), the HTTP client (undici), the chain's
// code (JSON-RPC, secp256k1 signing) and vitest load, each where it is used, the chain's and the input
// files' only when asked for.

/** Deploys (or finds again) the samples on the chain; the record of the deployments lies beside the reports. */
async function provisionChain(rpc: VerifyRpcOptions, run: RunConfig, dir: string, say: (text: string) => void): Promise<ChainProvision> {
  ensureWritableDir('--report-dir', dir);
  const recordFile = chainRecordFile(dir);
  const { provisionChainSamples } = await import('../chain/provision-samples.ts');
  const chain = await provisionChainSamples(rpc, { allowWrites: run.allowWrites, treatAsRemote: run.treatAsRemote, recordFile });
  say(`verification samples on chain ${chain.chainId} (--verify-rpc ${rpcOrigin(rpc.url)}): ${chain.deployments.length} contracts, ${chain.deployed} deployed, ${chain.reused} reused (${recordFile})\n`);
  return chain;
}

/** `ledger-conformance run`: resolve targets, run the suites in vitest, build the evidence, exit honestly. */
export async function runCommand(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv);
  const paths = reportPaths(reportDirOf(flags));
  try {
    return await checkedRun(flags, paths, io);
  } catch (error) {
    // A refused or broken run leaves no verdict behind, least of all the previous run's PASS.
    try {
      clearVerdictFiles(paths);
    } catch {
      // The directory cannot be written (the error thrown says why): nothing of ours to clear there.
    }
    throw error;
  }
}

/**
 * Broken specs, catalogue or input files are configuration errors: found before any target is
 * touched. Returns the expectations and what the report is compared with.
 */
async function readRunInputs(flags: FlagValues, run: RunConfig) {
  const [{ loadCatalogue }, { loadSpec }] = await Promise.all([import('../rules/catalogue.ts'), import('../../specs/load-spec.ts')]);
  const catalogue = loadCatalogue();
  for (const name of INTERFACES) await loadSpec(name);
  const expectations = run.expectationsFiles.length
    ? (await import('../report/expectations.ts')).readExpectationFiles(run.expectationsFiles, new Set(catalogue.keys()))
    : undefined;
  if (run.knownCallsFile) (await import('../known-calls/known-calls.ts')).readKnownCallsFile(run.knownCallsFile);
  return { expectations, compared: await reportInputs(flags, run) };
}

/** What the run needs once its targets are known: their probes and the configuration the tests get. */
async function probeModules() {
  const [{ resolveConfig }, { probeTargets }] = await Promise.all([import('../harness/resolve-config.ts'), import('./probe-targets.ts')]);
  return { resolveConfig, probeTargets };
}

/** vitest, and the reporters that write allure's results and vitest-results.json from it. */
async function vitestModules() {
  const [{ startVitest }, { AllureResultsReporter }, { ResultsJsonReporter }] = await Promise.all([
    import('vitest/node'),
    import('../report/allure-results-reporter.ts'),
    import('../report/results-json-reporter.ts'),
  ]);
  return { startVitest, AllureResultsReporter, ResultsJsonReporter };
}

async function checkedRun(flags: FlagValues, paths: ReturnType<typeof reportPaths>, io: CliIo): Promise<number> {
  const run = buildRunConfig(flags, io.env as ConfigEnv);
  // Read once here so that a bad file is one clear error before any chain, server or test starts.
  if (run.verifySamplesFile !== undefined) (await import('../samples/verify-samples-file.ts')).readVerificationSamples(run.verifySamplesFile);
  const given = run.targets;
  const anyGiven = Boolean(given.baseUrl || given.statusUrl || given.verifyUrl);
  if (anyGiven && (run.faults.length || run.behaviour !== undefined)) {
    throw new ConfigError('--fault and --behave change the embedded reference server: they cannot be combined with a target URL or profile');
  }
  // With --json, stdout carries the machine verdict alone; what people read goes to stderr.
  const out = run.json ? io.stderr : io.stdout;
  const say = (text: string) => void out.write(text);
  // The chain of --verify-rpc first: a refused chain starts nothing, and the embedded reference reads the contracts deployed here.
  const chain = run.verifyRpc && run.only.includes('verify') ? await provisionChain(run.verifyRpc, run, paths.dir, say) : undefined;
  if (chain) run.verifyChainId = chain.chainId;
  // Without a target the embedded reference starts at once, in its own process, while this one
  // checks specs and catalogue; nothing is sent to it before they pass.
  const refused = new AbortController();
  const embedded = anyGiven ? undefined : startEmbeddedReference({
    // Only what the run checks: a run without the query service needs no ledger database.
    statusOnly: run.only.every((name) => name === 'status'),
    noLedger: !run.only.includes('ledger-query'),
    faults: run.faults,
    ...(run.behaviour !== undefined ? { behaviour: run.behaviour } : {}),
    // Its verifier then reads the chain the suite deploys on, and serves that chain alone.
    ...(chain && run.verifyRpc ? { verifyRpc: run.verifyRpc.url } : {}),
  }, refused.signal, io.stderr);
  embedded?.catch(() => undefined);
  // A refused run ends the reference whether it is still starting or ready.
  const stopEmbedded = () => {
    refused.abort();
    return embedded?.then((server) => server.close(), () => undefined);
  };
  let inputs: Awaited<ReturnType<typeof readRunInputs>>;
  try {
    inputs = await readRunInputs(flags, run);
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  const { expectations, compared } = inputs;

  try {
    ensureWritableDir('--report-dir', paths.dir);
  } catch (error) {
    await stopEmbedded();
    throw error;
  }
  // An old verdict must never outlive the run that replaces it, even one that is interrupted.
  clearVerdictFiles(paths);
  const stopInterrupted = markInterruptedOnSignal(paths);
  let server: { close(): Promise<void> } | undefined;
  // Whatever ends the run from here (a refused target included) removes the signal handlers: a run
  // inside another program must not leave them to write INTERRUPTED into its directory later.
  try {
    // This process would wait idle for the embedded reference: what the run needs next loads meanwhile.
    // A given target is probed first, so that a refused one ends without vitest.
    const early = anyGiven ? undefined : { probes: probeModules(), vitest: vitestModules() };
    early?.probes.catch(() => undefined);
    early?.vitest.catch(() => undefined);

    let targets: Targets;
    if (!anyGiven) {
      const started = await embedded!.catch((error: Error) => {
        throw error.name === 'UnknownLayerError' ? new ConfigError(error.message) : error;
      });
      server = started;
      targets = { baseUrl: started.baseUrl, statusUrl: started.statusUrl, verifyUrl: started.verifyUrl };
      const layers = [...(run.behaviour !== undefined ? [`behaviour ${run.behaviour}`] : []), ...run.faults.map((f) => `fault ${f}`)];
      say(`no target given: running against the embedded reference implementation at ${started.baseUrl}${layers.length ? ` with ${layers.join(', ')}` : ''}\n`);
    } else {
      const missing = run.only.filter((name) => !given[TARGET_OF[name]]);
      if (missing.length) {
        throw new ConfigError(`no target for ${missing.join(', ')}: give ${missing.map((m) => TARGET_FLAG[m]).join(', ')} or narrow the run with --only`);
      }
      // Interfaces left out by --only keep a placeholder that no test will contact.
      targets = { baseUrl: given.baseUrl ?? UNUSED_TARGET, statusUrl: given.statusUrl ?? UNUSED_TARGET, verifyUrl: given.verifyUrl ?? UNUSED_TARGET };
    }

    const drift = driftPaths(paths.dir);
    for (const p of [paths.allureResults, paths.exchanges, paths.har, paths.attempts, paths.faults, paths.vitestJson, paths.vitestBlob, paths.junit, paths.reproducers, drift.json, drift.text]) rmSync(p, { recursive: true, force: true });
    const { resolveConfig, probeTargets } = await (early?.probes ?? probeModules());
    // The probes reach the targets too: they keep to the run's rate and count as its requests.
    const { effectiveRate } = resolveConfig(run, targets, { embedded: !anyGiven });
    const probes = await probeTargets(targets, run.only, { ...run, rate: effectiveRate, attemptLog: paths.attempts });
    const config = resolveConfig(run, targets, {
      embedded: !anyGiven,
      exchangeLog: paths.exchanges,
      attemptLog: paths.attempts,
      faultLog: paths.faults,
      probesSent: probes.sent,
      probeAnswers: probes.answers,
      // --drift fetches the published document after the tests: its request is set aside from the start.
      reserved: run.drift ? 1 : 0,
      ...(expectations ? { expectations } : {}),
      ...(chain ? { chainDeployments: chain.deployments } : {}),
    });
    const remote = run.only.filter((name) => !config.loopback[name]);
    if (remote.length) {
      say(`production-safe mode for ${remote.join(', ')}: read-only requests${run.allowWrites ? ' (--allow-writes: state-changing checks enabled)' : ''}, at most ${+config.effectiveRate.toFixed(2)} requests/s, budget ${config.effectiveMaxRequests + run.only.length + (run.drift ? 1 : 0)} requests\n`);
    }

    const started = Date.now();
    const { startVitest, AllureResultsReporter, ResultsJsonReporter } = await (early?.vitest ?? vitestModules());
    const { options, overrides } = await vitestConfig(config.effectiveWorkers);
    // The configuration is provided to this run's vitest alone: several runs can share a process.
    const vitest = await keepingHostState(() => startVitest('test', run.only.map((name) => `suites/${name}`), {
      root: ROOT,
      ...options,
      provide: { conformance: config },
      project: ['conformance'],
      run: true,
      watch: false,
      shard: run.shard,
      reporters: [
        ...(run.quiet ? [] : [progressReporter(out, io.env)]),
        new ResultsJsonReporter(paths.vitestJson),
        ...(run.shard ? [['blob', { outputFile: paths.vitestBlob }]] : []),
        new AllureResultsReporter(paths.allureResults),
        // The HTML writer loads once the tests run: this process mostly waits on them then.
        ...(run.html ? [{ onTestModuleStart: () => void startHtmlWriter() }] : []),
      ],
    } as never, overrides, { stdout: keptOpen(out), stderr: keptOpen(io.stderr) }));
    const unhandledErrors = vitest.state.getUnhandledErrors().map(describeErrorChain);
    await vitest.close();

    if (run.drift) {
      const data: DriftData = !run.only.includes('ledger-query')
        ? { status: 'skipped', message: 'the query service is not part of this run (--only)', findings: [] }
        : run.shard && !run.shard.startsWith('1/')
          ? { status: 'skipped', message: `compared by shard 1 only (this is shard ${run.shard})`, findings: [] }
          : await (await import('../drift/collect-drift.ts')).collectDrift({
            baseUrl: targets.baseUrl,
            headers: run.headers,
            secretHeaders: run.secretHeaders,
            secretParams: run.secretParams,
            timeoutMs: run.timeoutMs,
            maxBodyBytes: run.maxBodyBytes,
            rate: config.effectiveRate,
            maxRequests: config.effectiveMaxRequests + run.only.length + 1,
            attemptLog: paths.attempts,
            exchangeLog: paths.exchanges,
          });
      writeFileSync(drift.json, JSON.stringify(data, null, 2));
    }

    const info: RunInfo = {
      targets: Object.fromEntries(run.only.map((name) => [name, targets[TARGET_OF[name]]])),
      only: run.only,
      seed: run.seedText,
      depth: run.depth,
      wallMs: Date.now() - started,
      expectationsFiles: run.expectationsFiles,
      expectations,
      shard: run.shard,
      profile: run.profile,
      unhandledErrors,
      ...(run.minEvaluated !== undefined ? { minEvaluated: run.minEvaluated } : {}),
    };
    writeFileSync(paths.runInfo, JSON.stringify(info, null, 2));
    const { buildReport } = await import('../report/build-report.ts');
    const { verdict, summary, machine } = await buildReport(run.reportDir, { html: run.html, ...compared });
    const written = [paths.summary, paths.junit, run.html ? `${paths.html}/index.html` : paths.rules, ...(run.drift ? [drift.text] : [])];
    say(`\n${summary}\nreports: ${written.join(', ')}\n`);
    if (run.json) io.stdout.write(`${JSON.stringify(machine, null, 2)}\n`);
    return verdict.exitCode;
  } finally {
    stopInterrupted();
    await server?.close();
  }
}
