// One run of the self-check: `ledger-conformance run` as a child process against its own embedded
// reference (own loopback port, own report directory), with or without a fault switched on.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InterfaceName } from '../../specs/load-spec.ts';

/** A run that takes longer than this is stopped and counts as timed out, never as a catch. */
export const RUN_TIMEOUT_MS = 300_000;

/**
 * Bound of one request of a child run. Its reference shares the machine with the other runs at once:
 * a slow answer there is load, not a fault (no fault of the catalogue delays an answer), and the
 * default 15 s ended a clean run INCOMPLETE on a busy machine. RUN_TIMEOUT_MS still bounds the run.
 */
const REQUEST_TIMEOUT_MS = 60_000;

export interface ChildRunSpec {
  only: InterfaceName[];
  faults: string[];
  reportDir: string;
  seed: string;
  depth: number;
}

export interface ChildRunResult {
  /** The run's exit code; null when it was stopped (timeout) or died by a signal. */
  exitCode: number | null;
  timedOut: boolean;
  wallMs: number;
  /** Contract rules the run reported failed (rules.json), empty when it left none. */
  failedContractRules: string[];
  /** The last lines the run printed on stderr, for a run that ended without a verdict. */
  errorTail: string;
}

interface RulesJson {
  rules?: Array<{ id: string; source: string; verdict: string }>;
}

function failedContractRules(reportDir: string): string[] {
  const path = join(reportDir, 'rules.json');
  if (!existsSync(path)) return [];
  const rules = (JSON.parse(readFileSync(path, 'utf8')) as RulesJson).rules ?? [];
  return rules.filter((r) => r.source === 'contract' && r.verdict === 'failed').map((r) => r.id);
}

/** Child runs still going: a stopped self-check stops them too, so no reference server outlives it. */
const running = new Set<ReturnType<typeof spawn>>();

export function stopChildren(): void {
  for (const child of running) child.kill('SIGTERM');
}

/** Runs the suites of `spec.only` against a fresh embedded reference with the given faults. */
export function runChild(spec: ChildRunSpec, callerEnv: NodeJS.ProcessEnv): Promise<ChildRunResult> {
  const bin = process.argv[1]!;
  // Scored from rules.json: the HTML of every fault's run (seconds of CPU each) is left to `report`, on demand.
  const args = [bin, 'run', '--only', spec.only.join(','), '--quiet', '--no-html', '--report-dir', spec.reportDir, '--seed', String(spec.seed), '--depth', String(spec.depth)];
  if (spec.faults.length) args.push('--fault', spec.faults.join(','));
  args.push('--timeout', String(REQUEST_TIMEOUT_MS));
  // The run targets its embedded reference: target variables of the caller's environment must not leak in.
  const env: NodeJS.ProcessEnv = { ...callerEnv, NO_COLOR: '1' };
  for (const name of ['BASE_URL', 'STATUS_URL', 'VERIFY_URL', 'CONFORMANCE_CONFIG']) delete env[name];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    running.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    const finish = (exitCode: number | null) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({
        exitCode,
        timedOut,
        wallMs: Date.now() - started,
        failedContractRules: timedOut ? [] : failedContractRules(spec.reportDir),
        errorTail: stderr.trim().split('\n').slice(-3).join('\n'),
      });
    };
    child.on('error', (error) => {
      stderr += error.message;
      finish(null);
    });
    child.on('close', (code) => finish(code));
  });
}
