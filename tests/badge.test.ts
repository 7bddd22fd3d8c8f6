import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { badgeSvg, badgeValue } from '../src/report/badge.ts';
import { ruleVerdicts } from '../src/report/rule-verdicts.ts';
import type { Rule } from '../src/rules/catalogue.ts';
import { findChromium, screenshot } from './support/headless-browser.ts';
import { testOutcome } from './support/outcome.ts';

const rule = (id: string): Rule => ({ id, section: '4.1', source: 'contract', statement: id, interface: 'status' });
const rules = [rule('ST-a'), rule('ST-b'), rule('ST-c')];
const verdictOf = (evaluations: Record<string, [number, number]>, violations: string[] = []) =>
  ruleVerdicts(rules, [testOutcome({ status: violations.length ? 'failed' : 'passed', rules: Object.keys(evaluations), evaluations, violations: violations.map((r) => ({ rule: r })) })], [], '2026-11-23', { interfaces: ['status'] });

describe('reports/badge.svg', () => {
  it('says how many contract rules a PASS evaluated, how many failed on a FAIL, and incomplete otherwise', () => {
    expect(badgeValue(verdictOf({ 'ST-a': [2, 0], 'ST-b': [1, 0] }))).toBe('2/3 rules');
    expect(badgeValue(verdictOf({ 'ST-a': [2, 1], 'ST-b': [0, 1], 'ST-c': [1, 0] }, ['ST-a', 'ST-b']))).toBe('2 failed');
    expect(badgeValue(verdictOf({}))).toBe('incomplete');
  });

  it('is the two-part flat badge coloured by verdict, its text escaped', () => {
    const pass = badgeSvg('conformance', '80/80 rules', 'PASS');
    expect(pass).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20"/);
    expect(pass).toContain('fill="#4c1"');
    expect(pass).toContain('aria-label="conformance: 80/80 rules"');
    expect(badgeSvg('conformance', '2 failed', 'FAIL')).toContain('fill="#e05d44"');
    expect(badgeSvg('conformance', 'incomplete', 'INCOMPLETE')).toContain('fill="#fe7d37"');
    const odd = badgeSvg('a<b>&"c\'', 'x', 'PASS');
    expect(odd).toContain('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(odd).not.toContain('<b>');
    // The wider value makes the wider badge.
    const width = (svg: string) => Number(/width="(\d+)"/.exec(svg)![1]);
    expect(width(badgeSvg('conformance', '2 failed', 'FAIL'))).toBeLessThan(width(pass));
  });

  const browser = findChromium();
  it.skipIf(!browser)(`renders in a browser${browser ? '' : ' (skipped: no Chromium installed)'}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'badge-'));
    const svg = join(dir, 'badge.svg');
    writeFileSync(svg, badgeSvg('conformance', '2 failed', 'FAIL'));
    const png = join(dir, 'badge.png');
    screenshot(browser!, pathToFileURL(svg).href, png, 200, 40);
    expect(existsSync(png)).toBe(true);
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
  }, 120_000);
});
