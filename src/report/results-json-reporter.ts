// vitest's JSON reporter, writing the run's vitest-results.json without a word: the file is one of
// the report's inputs (build-report.ts reads it), not something a user looks for, and vitest's own
// "JSON report written to ..." stood before the verdict even in a --quiet run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { JsonReporter } from 'vitest/node';

export class ResultsJsonReporter extends JsonReporter {
  constructor(private readonly file: string) {
    super({ outputFile: file });
  }

  override async writeReport(report: string): Promise<void> {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, report);
  }
}
