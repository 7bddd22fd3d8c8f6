import { join, resolve } from 'node:path';
import { REPRODUCERS_DIR } from './reproducer.ts';

/** Where a run leaves its evidence, all under the report directory. */
export function reportPaths(reportDir: string) {
  const dir = resolve(reportDir);
  return {
    dir,
    vitestJson: join(dir, 'vitest-results.json'),
    /** vitest's blob report of a --shard run: what merge-reports hands to vitest's own merge. */
    vitestBlob: join(dir, 'vitest-blob.json'),
    junit: join(dir, 'junit.xml'),
    allureResults: join(dir, 'allure-results'),
    html: join(dir, 'html'),
    /** The allure test tree, below the rules page that opens the HTML report. */
    htmlTests: join(dir, 'html', 'tests'),
    summary: join(dir, 'summary.txt'),
    /** The two-part "conformance" badge a consuming project's README links. */
    badge: join(dir, 'badge.svg'),
    rules: join(dir, 'rules.json'),
    /** The trend of the last runs (--history): the next run's --history. */
    history: join(dir, 'history.json'),
    exchanges: join(dir, 'exchanges.jsonl'),
    /** The same exchanges as HAR 1.2, written with the report. */
    har: join(dir, 'exchanges.har'),
    attempts: join(dir, 'attempts.log'),
    /** Transport faults per target, so every test file of the run knows a target it gave up. */
    faults: join(dir, 'target-faults.jsonl'),
    runInfo: join(dir, 'run-info.json'),
    reproducers: join(dir, REPRODUCERS_DIR),
  };
}
