import { existsSync, readFileSync } from 'node:fs';
import { DEFAULTS } from '../config/run-config.ts';
import { reportPaths } from '../report/report-paths.ts';
import { loadCatalogue } from '../rules/catalogue.ts';
import { listConformanceTests } from './list-tests.ts';
import { parseRulesArgs } from './command-options.ts';
import type { CliIo } from './cli-io.ts';

/** `ledger-conformance rules`: the catalogue, per rule the tests that check it (and the last verdict, if any). */
export async function rulesCommand(argv: string[], io: CliIo): Promise<number> {
  const json = parseRulesArgs(argv)['--json'] ?? false;
  const catalogue = loadCatalogue();
  const tests = await listConformanceTests(io);
  const last = reportPaths(DEFAULTS.reportDir).rules;
  const verdicts = new Map<string, string>(
    existsSync(last) ? (JSON.parse(readFileSync(last, 'utf8')) as { rules: Array<{ id: string; verdict: string }> }).rules.map((r) => [r.id, r.verdict]) : [],
  );
  const rows = [...catalogue.values()].map((rule) => ({
    ...rule,
    tests: tests.filter((t) => t.rules.includes(rule.id)).map((t) => `${t.file} > ${t.name}`),
    lastVerdict: verdicts.get(rule.id),
  }));
  const uncovered = rows.filter((r) => r.tests.length === 0);
  if (json) {
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  for (const row of rows) {
    const verdict = row.lastVerdict ? ` (last run: ${row.lastVerdict})` : '';
    io.stdout.write(`${row.id}  [${row.source}] ${row.statement}${verdict}\n`);
    if (row.tests.length === 0) io.stdout.write('    UNCOVERED: no test checks this rule\n');
    for (const t of row.tests) io.stdout.write(`    - ${t}\n`);
  }
  const contract = rows.filter((r) => r.source === 'contract').length;
  io.stdout.write(`\n${rows.length} rules (${contract} contract, ${rows.length - contract} observed), ${tests.length} tests, ${uncovered.length} rules uncovered\n`);
  return 0;
}
