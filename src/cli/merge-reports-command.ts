import { buildReport } from '../report/build-report.ts';
import { reportPaths } from '../report/report-paths.ts';
import { mergeShardResults } from '../report/merge-shard-results.ts';
import { ConfigError, DEFAULTS } from '../config/run-config.ts';
import { reportInputs } from './report-inputs.ts';
import { parseMergeReportsArgs } from './command-options.ts';
import type { CliIo } from './cli-io.ts';

/**
 * `ledger-conformance merge-reports --into DIR SHARD_DIR...`: one report and one verdict from the
 * shards of a run; exits like `run` would have for the whole run.
 */
export async function mergeReportsCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, operands: shards } = parseMergeReportsArgs(argv);
  const into = values['--into']?.at(-1);
  if (!into) throw new ConfigError('merge-reports needs --into DIR');
  if (shards.length === 0) throw new ConfigError('merge-reports needs the report directories of the shards');
  const compared = await reportInputs(values, DEFAULTS);
  await mergeShardResults(shards, into, io);
  const { verdict, summary } = await buildReport(into, { html: true, ...compared });
  const paths = reportPaths(into);
  io.stdout.write(`${summary}\nmerged ${shards.length} shard(s): ${paths.summary}, ${paths.junit}, ${paths.html}/index.html\n`);
  return verdict.exitCode;
}
