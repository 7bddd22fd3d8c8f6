// `ledger-conformance self-check`: runs the suites against the clean reference (it must pass) and
// against each named fault of the reference (reference/faults/catalogue.ts), each fault's run limited
// to its interface, in parallel child runs; reports which rule caught each fault and the score.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { InterfaceName } from '../../specs/load-spec.ts';
import { parseSelfCheckArgs } from './self-check-args.ts';
import { runChild, stopChildren, type ChildRunResult, type ChildRunSpec } from './self-check-run.ts';
import { judgeFault, scoreFaults, selfCheckText, type FaultRow, type SelfCheckReport } from './self-check-score.ts';
import { ConfigError } from '../config/run-config.ts';
import { EXIT_CODES } from '../report/exit-codes.ts';
import { embeddedReferenceFaults } from './embedded-reference.ts';
import type { CliIo } from './cli-io.ts';

interface Fault {
  name: string;
  interface: InterfaceName;
  rules: string[];
  description: string;
}

async function selectFaults(only: InterfaceName[], names: string[]): Promise<Fault[]> {
  const FAULTS = await embeddedReferenceFaults();
  if (!names.length) return FAULTS.filter((f) => only.includes(f.interface));
  return names.map((name) => {
    const fault = FAULTS.find((f) => f.name === name);
    if (!fault) throw new ConfigError(`unknown fault "${name}" (see reference/faults/catalogue.ts; known: ${FAULTS.map((f) => f.name).join(', ')})`);
    if (!only.includes(fault.interface)) throw new ConfigError(`fault "${name}" belongs to ${fault.interface}, which --only leaves out`);
    return fault;
  });
}

/** Runs the tasks with at most `jobs` at a time, in the order given. */
async function pool<T>(tasks: Array<() => Promise<T>>, jobs: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  return results;
}

export async function selfCheckCommand(argv: string[], io: CliIo): Promise<number> {
  const opts = parseSelfCheckArgs(argv);
  const faults = await selectFaults(opts.only, opts.faults);
  const only = opts.faults.length ? opts.only.filter((name) => faults.some((f) => f.interface === name)) : opts.only;
  const reportDir = resolve(opts.reportDir);
  const faultsDir = join(reportDir, 'self-check');
  rmSync(faultsDir, { recursive: true, force: true });
  mkdirSync(faultsDir, { recursive: true });
  const startedAt = new Date();
  const total = faults.length + 1;
  let done = 0;
  const progress = (label: string, line: string) => io.stdout.write(`[${++done}/${total}] ${label.padEnd(11)} ${line}\n`);
  const base = { seed: opts.seed, depth: opts.depth };
  io.stdout.write(`self-check: the clean reference (${only.join(', ')}) and ${faults.length} fault(s), ${opts.jobs} run(s) at a time\n`);

  const cleanSpec: ChildRunSpec = { ...base, only, faults: [], reportDir };
  let clean: ChildRunResult | undefined;
  const tasks: Array<() => Promise<FaultRow | undefined>> = [
    async () => {
      clean = await runChild(cleanSpec, io.env);
      progress(clean.exitCode === 0 ? 'clean pass' : 'CLEAN FAIL', `${only.join(',')}  ${(clean.wallMs / 1000).toFixed(1)} s`);
      return undefined;
    },
    ...faults.map((fault) => async () => {
      const dir = join(faultsDir, fault.name);
      const run = await runChild({ ...base, only: [fault.interface], faults: [fault.name], reportDir: dir }, io.env);
      const row: FaultRow = {
        fault: fault.name,
        interface: fault.interface,
        description: fault.description,
        expected: fault.rules,
        ...judgeFault(fault.rules, run),
        exitCode: run.exitCode,
        wallMs: run.wallMs,
        reportDir: dir,
      };
      progress(row.result, `${fault.name}  ${row.caughtBy.join(', ') || '-'}  ${(run.wallMs / 1000).toFixed(1)} s`);
      return row;
    }),
  ];
  const interrupted = () => {
    stopChildren();
    io.stderr.write('self-check interrupted: child runs stopped\n');
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const rows = (await pool(tasks, opts.jobs)).filter((r): r is FaultRow => r !== undefined);
  process.off('SIGINT', interrupted);
  process.off('SIGTERM', interrupted);

  const cleanRun = clean!;
  const { scores, overall } = scoreFaults(rows, only);
  const problems: string[] = [];
  if (cleanRun.exitCode !== 0) problems.push(`the clean reference did not pass (exit ${cleanRun.exitCode}): see ${reportDir}/summary.txt`);
  if (opts.minScore !== undefined && (overall.score ?? 0) < opts.minScore) problems.push(`score ${overall.score ?? 0}% is below --min-score ${opts.minScore}%`);
  const report: SelfCheckReport = {
    startedAt: startedAt.toISOString(),
    wallMs: Date.now() - startedAt.getTime(),
    seed: opts.seed,
    depth: opts.depth,
    jobs: opts.jobs,
    clean: { only, exitCode: cleanRun.exitCode, passed: cleanRun.exitCode === 0, wallMs: cleanRun.wallMs, reportDir, failedContractRules: cleanRun.failedContractRules },
    faults: rows,
    scores,
    overall,
    ...(opts.minScore !== undefined ? { minScore: opts.minScore } : {}),
    problems,
  };
  const text = selfCheckText(report);
  writeFileSync(join(reportDir, 'self-check.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(reportDir, 'self-check.txt'), text);
  // The report writers load only now: the child runs start without waiting for them.
  const [{ writeSelfCheckPage }, { buildReport }] = await Promise.all([import('../report/self-check-page.ts'), import('../report/build-report.ts')]);
  writeSelfCheckPage(reportDir, report);
  // The clean run's rules page is rebuilt so that it links the self-check page.
  // A run refused (exit 2) or broken by the suite (exit 4) left no results to build a report from.
  if (cleanRun.exitCode !== null && cleanRun.exitCode !== EXIT_CODES.USAGE && cleanRun.exitCode !== EXIT_CODES.INTERNAL) await buildReport(reportDir, { html: true });
  io.stdout.write(`\n${text}reports: ${join(reportDir, 'self-check.txt')}, ${join(reportDir, 'self-check.json')}, ${join(reportDir, 'html', 'self-check.html')}\n`);
  return problems.length ? 1 : 0;
}
