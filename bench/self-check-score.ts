// The self-check's score beside the bench timings: read from the last `npm run self-check` in
// reports/ (a full self-check takes far longer than the bench), with when and how it was measured.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SelfCheckReport } from '../src/cli/self-check-score.ts';

export function selfCheckScoreLine(reportDir = 'reports'): string {
  const path = join(reportDir, 'self-check.json');
  if (!existsSync(path)) return `self-check score: none in ${reportDir}/ (run npm run self-check)`;
  const report = JSON.parse(readFileSync(path, 'utf8')) as SelfCheckReport;
  const part = (s: { faults: number; caught: number; score: number | null }) => (s.score === null ? 'none' : `${s.caught}/${s.faults} (${s.score}%)`);
  const perInterface = report.scores.map((s) => `${s.interface} ${part(s)}`).join(', ');
  return `self-check score: ${part(report.overall)} of faults caught [${perInterface}]; clean run ${report.clean.passed ? 'passed' : 'NOT passed'}; measured ${report.startedAt} in ${(report.wallMs / 1000).toFixed(0)} s (seed ${report.seed}, depth ${report.depth}, ${report.jobs} jobs)`;
}
