import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import { rulesPage } from '../src/report/rules-page.ts';
import type { Rule } from '../src/rules/catalogue.ts';
import { findChromium, renderedDom, screenshot } from './support/headless-browser.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string, section: string, source: 'contract' | 'observed' = 'contract'): Rule => ({ id, section, source, statement: `statement of ${id}`, interface: 'ledger-query' });
const rules = [rule('LQ-4.1-limit-range', '4.1'), rule('LQ-4.1-order-enum', '4.1'), rule('LQ-2.5-error-body-shape', '2.5'), rule('LQ-4.2-filter-names', '4.2', 'observed')];
const ctx = { targets: { 'ledger-query': 'http://127.0.0.1:9' }, seed: 7, depth: 3, wallMs: 1234, stats: { requests: 11, throttled: 0, peakPerSecond: 5, serverErrors: 0 } };
/** Where CI keeps the screenshot of a failing run's first screen (reports/ is kept as the artifact). */
const SCREENSHOT = fileURLToPath(new URL('../reports/screenshots/rules-page-fail.png', import.meta.url));

function pageFile(html: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rules-page-')), 'index.html');
  writeFileSync(file, html);
  return file;
}

/** A failing run: many passed rules in contract order before the one that failed, and an observed deviation. */
function failingPage(): string {
  const passed = Array.from({ length: 30 }, (_, i) => rule(`LQ-2.${i + 1}-held`, `2.${i + 1}`));
  const all = [...passed, rule('LQ-4.1-limit-range', '4.1'), rule('LQ-4.2-filter-names', '4.2', 'observed')];
  const verdict = ruleVerdicts(all, [
    testOutcome({ status: 'passed', rules: passed.map((r) => r.id), evaluations: Object.fromEntries(passed.map((r) => [r.id, [2, 0]])) }),
    testOutcome({
      status: 'failed', rules: ['LQ-4.1-limit-range', 'LQ-4.2-filter-names'],
      evaluations: { 'LQ-4.1-limit-range': [5, 1], 'LQ-4.2-filter-names': [0, 1] },
      violations: [
        { rule: 'LQ-4.1-limit-range', message: '[LQ-4.1-limit-range] limit=101 answered 200 <not 400>', exchange: { request: 'GET http://127.0.0.1:9/api/v1/schedules?limit=101 -> 200', curl } },
        { rule: 'LQ-4.2-filter-names', source: 'observed', message: '[LQ-4.2-filter-names] unknown filter accepted' },
      ],
    }),
  ], [], '2026-11-23', { interfaces: ['ledger-query'] });
  return pageFile(rulesPage(verdict, ctx, { tests: 'tests/index.html', exchanges: '../exchanges.har' }));
}
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
  return pageFile(rulesPage(verdict, ctx, { tests: 'tests/index.html', exchanges: '../exchanges.jsonl' }));
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

  it.skipIf(!browser)('opens a failing run on its failed contract rules, then its observed deviations, then the catalogue; keeps a screenshot', () => {
    const url = pathToFileURL(failingPage()).href;
    const dom = renderedDom(browser!, url);
    const shown = [...dom.matchAll(/<div class="rule[^"]*" data-verdict="([^"]+)"/g)].map((m) => m[1]);
    expect(shown[0]).toBe('failed');
    expect(shown.slice(0, 2)).toEqual(['failed', 'deviates']);
    const causes = dom.slice(dom.indexOf('<section id="causes">'), dom.indexOf('<section id="catalogue">'));
    expect(causes).toContain('Failed contract rules (1)');
    expect(causes).toContain('statement of LQ-4.1-limit-range');
    expect(causes).toContain('limit=101 answered 200 &lt;not 400&gt;');
    expect(causes).toContain(curl);
    expect(causes.indexOf('Failed contract rules')).toBeLessThan(causes.indexOf('Observed deviations'));
    // The catalogue still holds every rule once, with its anchor, and its filter counts only those.
    expect(dom).toContain('32 rule(s) shown');
    expect(dom.match(/id="LQ-4\.1-limit-range"/g)).toHaveLength(1);
    mkdirSync(join(SCREENSHOT, '..'), { recursive: true });
    screenshot(browser!, url, SCREENSHOT, 1200, 900);
    expect(readFileSync(SCREENSHOT).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);

  it.skipIf(!browser)('opens an incomplete run on what was not judged, why, and what would judge it', () => {
    const verdict = ruleVerdicts(rules, [
      testOutcome({ status: 'passed', rules: ['LQ-2.5-error-body-shape'], evaluations: { 'LQ-2.5-error-body-shape': [4, 0] } }),
      testOutcome({ status: 'passed', rules: ['LQ-4.1-order-enum'], meta: { notEvaluated: [{ rule: 'LQ-4.1-order-enum', reason: 'fewer than two schedules' }] } }),
      testOutcome({ status: 'skipped', rules: ['LQ-4.1-limit-range'], meta: { stopped: { cause: 'budget', message: 'budget of 30 requests spent' } } }),
    ], [], '2026-11-23', { interfaces: ['ledger-query'] });
    const dom = renderedDom(browser!, pathToFileURL(pageFile(rulesPage(verdict, ctx, { tests: 'tests/index.html', exchanges: '../exchanges.har' }))).href);
    expect(dom).toMatch(/id="outcome">INCOMPLETE \(exit 3\)/);
    const causes = dom.slice(dom.indexOf('<section id="causes">'), dom.indexOf('<section id="catalogue">'));
    expect(causes).toContain('Not judged in this run (2)');
    expect(causes).toMatch(/LQ-4\.1-limit-range[\s\S]*the request budget or time limit was spent[\s\S]*What would judge it: a larger --max-requests/);
    expect(causes).toMatch(/LQ-4\.1-order-enum[\s\S]*fewer than two schedules[\s\S]*What would judge it: a target where the input the reason names happens/);
    expect(causes).not.toContain('LQ-2.5-error-body-shape');
  }, 120_000);
});
