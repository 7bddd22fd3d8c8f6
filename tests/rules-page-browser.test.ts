import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import { rulesPage } from '../src/report/rules-page.ts';
import type { Rule } from '../src/rules/catalogue.ts';
import { findChromium, renderedDom } from './support/headless-browser.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string, section: string, source: 'contract' | 'observed' = 'contract'): Rule => ({ id, section, source, statement: `statement of ${id}`, interface: 'ledger-query' });
const rules = [rule('LQ-4.1-limit-range', '4.1'), rule('LQ-4.1-order-enum', '4.1'), rule('LQ-2.5-error-body-shape', '2.5'), rule('LQ-4.2-filter-names', '4.2', 'observed')];
const curl = "curl -sS -i -X GET --globoff 'http://127.0.0.1:9/api/v1/schedules?limit=101'";

function writePage(): string {
  const verdict = ruleVerdicts(rules, [
    testOutcome({
      status: 'failed', rules: ['LQ-4.1-limit-range', 'LQ-2.5-error-body-shape'],
      evaluations: { 'LQ-4.1-limit-range': [5, 1], 'LQ-2.5-error-body-shape': [4, 0] },
      violations: [{ rule: 'LQ-4.1-limit-range', message: '[LQ-4.1-limit-range] limit=101 answered 200 <not 400>', exchange: { request: 'GET http://127.0.0.1:9/api/v1/schedules?limit=101 -> 200', curl } }],
    }),
    testOutcome({ status: 'passed', rules: ['LQ-4.1-order-enum'], meta: { notEvaluated: [{ rule: 'LQ-4.1-order-enum', reason: 'fewer than two schedules' }] } }),
  ], [], '2026-11-23', { interfaces: ['ledger-query'] });
  const dir = mkdtempSync(join(tmpdir(), 'rules-page-'));
  const file = join(dir, 'index.html');
  writeFileSync(file, rulesPage(verdict, { targets: { 'ledger-query': 'http://127.0.0.1:9' }, seed: 7, depth: 3, wallMs: 1234, stats: { requests: 11, throttled: 0, peakPerSecond: 5, serverErrors: 0 } }, { tests: 'tests/index.html', exchanges: '../exchanges.jsonl' }));
  return file;
}

const browser = findChromium();

describe('the rules page in a real browser', () => {
  it.skipIf(!browser)(`opens on the verdict and the rules, and filters them by verdict${browser ? '' : ' (skipped: no Chromium installed; apt-get install chromium, or set CHROMIUM_PATH)'}`, () => {
    const url = pathToFileURL(writePage()).href;
    const all = renderedDom(browser!, url);
    expect(all).toMatch(/<div class="outcome"[^>]*id="outcome">FAIL \(exit 1\)<\/div>/);
    expect(all).toContain('4 rule(s) shown');
    // Sections in contract order, each rule with its verdict and counts; markup in messages stays text.
    expect(all.indexOf('Section 2.5')).toBeLessThan(all.indexOf('Section 4.1'));
    expect(all).toMatch(/FAILED<\/span><code class="id">LQ-4\.1-limit-range<\/code>/);
    expect(all).toContain('held 5 · violated 1');
    expect(all).toContain('limit=101 answered 200 &lt;not 400&gt;');
    expect(all).toContain(curl);
    expect(all).toMatch(/NOT EVALUATED<\/span><code class="id">LQ-4\.1-order-enum<\/code>[\s\S]*fewer than two schedules/);
    expect(all).toMatch(/UNCOVERED<\/span><code class="id">LQ-4\.2-filter-names<\/code>/);

    const failedOnly = renderedDom(browser!, `${url}#verdict=failed`);
    expect(failedOnly).toContain('1 rule(s) shown');
    expect(failedOnly).toMatch(/class="rule hidden" data-verdict="passed"/);
    expect(failedOnly).toMatch(/class="rule" data-verdict="failed"/);
  }, 120_000);
});
