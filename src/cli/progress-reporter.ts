// What a person or a CI log sees while a run goes on: one line per finished test file with the run's
// totals so far, and a line while long files (a slow remote target) keep going, instead of vitest's dots.
// Files run in several workers at once, so their tests interleave: each is counted under its own file.
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

export interface ProgressOptions {
  /** ANSI colours; off for NO_COLOR and for output that is not a terminal (files, CI logs). */
  color: boolean;
  /** A line after this long without one, so a slow file does not look like a hang. */
  heartbeatMs: number;
  now?: () => number;
}

/** Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR;
}

export function formatElapsed(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

export class ProgressReporter implements Reporter {
  private files = 0;
  private filesDone = 0;
  private tests = 0;
  private failed = 0;
  private skipped = 0;
  private requests = 0;
  private startedAt = 0;
  private lastLineAt = 0;
  /** Tests finished so far in each file still running, in the order the files started. */
  private readonly running = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly out: { write(text: string): unknown }, private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.files = specifications.length;
    this.startedAt = this.now();
    this.print(`running ${this.files} test files; a line per finished file (tests, requests, failed tests so far, elapsed)`);
    this.timer = setInterval(() => this.heartbeat(), Math.max(1_000, this.options.heartbeatMs / 4));
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(module.relativeModuleId, 0);
  }

  onTestCaseResult(test: TestCase): void {
    const state = test.result().state;
    this.tests++;
    const file = test.module.relativeModuleId;
    const done = this.running.get(file);
    if (done !== undefined) this.running.set(file, done + 1);
    if (state === 'failed') this.failed++;
    if (state === 'skipped') this.skipped++;
    this.requests += test.meta().conformance?.requests ?? 0;
  }

  onTestModuleEnd(module: TestModule): void {
    this.filesDone++;
    this.running.delete(module.relativeModuleId);
    const own = [...module.children.allTests()].map((t) => t.result().state);
    const ownFailed = own.filter((s) => s === 'failed').length;
    const mark = ownFailed ? this.paint('31', 'FAIL') : this.paint('32', ' ok ');
    const width = String(this.files).length;
    this.print(`${mark} [${String(this.filesDone).padStart(width)}/${this.files}] ${module.relativeModuleId}: ${own.length} tests${ownFailed ? `, ${ownFailed} failed` : ''} | ${this.totals()}`);
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Called on a timer: says what is still running when no line came for a while. */
  heartbeat(): void {
    if (this.now() - this.lastLineAt < this.options.heartbeatMs) return;
    const where = this.running.size ? [...this.running].map(([file, done]) => `${file} (${done} tests done in it)`).join(', ') : 'between files';
    this.print(`  ... still running ${where} | ${this.totals()}`);
  }

  private totals(): string {
    const failed = this.failed ? this.paint('31', `${this.failed} failed`) : '0 failed';
    return `run: ${this.tests} tests (${failed}, ${this.skipped} skipped), ${this.requests} requests, ${formatElapsed(this.now() - this.startedAt)}`;
  }

  private paint(code: string, text: string): string {
    return this.options.color ? `\u001b[${code}m${text}\u001b[39m` : text;
  }

  private print(line: string): void {
    this.lastLineAt = this.now();
    this.out.write(`${line}\n`);
  }
}

/** The reporter a run uses: on the stream people read, a line at least every 30 s. */
export function progressReporter(stream: NodeJS.WritableStream & { isTTY?: boolean }, env: NodeJS.ProcessEnv): ProgressReporter {
  return new ProgressReporter(stream, { color: wantsColor(stream, env), heartbeatMs: 30_000 });
}
