// The CLI's start as a user meets it (issue 27: at most 0.3 s): --help, and flags refused before any
// command code loads, each a whole process through bin/ledger-conformance.mjs, median of 5 after a warm-up.
import { timeRuns } from './measure.ts';
import { runCli } from './child-runs.ts';

type Figure = (name: string, value: string, target: string, within: boolean) => void;

const CASES = [
  { name: '--help', args: ['--help'], exitCode: 0 },
  { name: 'run --help', args: ['run', '--help'], exitCode: 0 },
  { name: 'a refused flag: run --no-such-flag', args: ['run', '--no-such-flag'], exitCode: 2 },
  { name: 'a refused value: self-check --jobs 0', args: ['self-check', '--jobs', '0'], exitCode: 2 },
];

export async function cliStartFigures(figure: Figure): Promise<void> {
  for (const { name, args, exitCode } of CASES) {
    const run = async () => {
      const code = await runCli(args);
      if (code !== exitCode) throw new Error(`ledger-conformance ${args.join(' ')} exited ${code}, not ${exitCode}`);
    };
    await run();
    const timing = await timeRuns(5, run);
    figure(`${name}, wall (s)`, (timing.medianMs / 1000).toFixed(2), '<= 0.3', timing.medianMs <= 300);
  }
}
