import { buildReport, reportPaths } from '../report/build-report.ts';
import { mergeShardResults } from '../report/merge-shard-results.ts';
import { UsageError } from './usage-error.ts';

/**
 * `ledger-conformance merge-reports --into DIR SHARD_DIR...`: one report and one verdict from the
 * shards of a run; exits like `run` would have for the whole run.
 */
export async function mergeReportsCommand(argv: string[]): Promise<number> {
  let into: string | undefined;
  const shards: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--into') into = argv[++i];
    else if (arg.startsWith('--into=')) into = arg.slice('--into='.length);
    else if (arg.startsWith('-')) throw new UsageError(`merge-reports: unknown option "${arg}"`);
    else shards.push(arg);
  }
  if (!into) throw new UsageError('merge-reports needs --into DIR');
  if (shards.length === 0) throw new UsageError('merge-reports needs the report directories of the shards');
  mergeShardResults(shards, into);
  const { verdict, summary } = await buildReport(into, { html: true });
  const paths = reportPaths(into);
  process.stdout.write(`${summary}\nmerged ${shards.length} shard(s): ${paths.summary}, ${paths.junit}, ${paths.html}/index.html\n`);
  return verdict.exitCode;
}
