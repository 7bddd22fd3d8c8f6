import { previousRun } from '../report/compare-runs.ts';
import type { SourceBounds } from '../report/report-source.ts';
import { readTrend } from '../report/trend.ts';
import type { ReportOptions } from '../report/build-report.ts';

/**
 * --compare-to and --history of `run`, `report` and `merge-reports`, read before anything else is
 * done: a previous report that cannot be read or a malformed history is one usage error up front.
 */
export async function reportInputs(flags: { '--compare-to'?: string[]; '--history'?: string[] }, bounds: SourceBounds): Promise<Pick<ReportOptions, 'previous' | 'historyFile'>> {
  const compareTo = flags['--compare-to']?.at(-1);
  const historyFile = flags['--history']?.at(-1);
  if (historyFile !== undefined) readTrend(historyFile);
  // Its reader (with the HTTP client, for a published rules.json) loads only for --compare-to.
  const previous = compareTo === undefined ? undefined : previousRun(compareTo, await (await import('../report/report-source.ts')).readReportJson('--compare-to', compareTo, 'rules.json', bounds));
  return { ...(previous ? { previous } : {}), ...(historyFile !== undefined ? { historyFile } : {}) };
}
