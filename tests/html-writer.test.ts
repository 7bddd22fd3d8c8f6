// The HTML test tree is written on a thread of its own (src/report/html-report.ts): it writes the
// report from allure's results, a run that ends without asking for it is not held open by it, and
// a process started with node flags of its own (an --eval) does not pass them to it. The compiled
// copy's writer loads allure's packages as one script with V8's code cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateHtmlReport } from '../src/report/html-report.ts';
import { DIST } from '../scripts/runtime-build.mjs';
import { importCompiled, ROOT, tempDir } from './production/cli-helpers.ts';

/** A results folder with one failed test in it. */
function failedResults(): string {
  const dir = tempDir('html-writer');
  const results = join(dir, 'allure-results');
  mkdirSync(results);
  const now = Date.now();
  writeFileSync(join(results, 'c0ffee00-0000-4000-8000-000000000001-result.json'), JSON.stringify({
    uuid: 'c0ffee00-0000-4000-8000-000000000001', historyId: 'h1', name: 'limit above 100 is refused', fullName: 'suites/x.test.ts#limit',
    status: 'failed', stage: 'finished', start: now - 5, stop: now, labels: [], links: [], parameters: [], steps: [], attachments: [],
    statusDetails: { message: 'expected 400, got 200' },
  }));
  return results;
}

/** The test tree written into `html` from failedResults(): a page with the failed test counted. */
function expectFailedTree(html: string): void {
  expect(readFileSync(join(html, 'index.html'), 'utf8').length).toBeGreaterThan(10_000);
  expect(JSON.parse(readFileSync(join(html, 'summary.json'), 'utf8'))).toMatchObject({ status: 'failed', stats: { failed: 1, total: 1 } });
}

describe('HTML report writer', () => {
  it('writes the test tree from allure results', async () => {
    const html = join(tempDir('html-writer-out'), 'html');
    await generateHtmlReport(failedResults(), html, 'html-writer test');
    expectFailedTree(html);
  });

  it('writes it in the compiled copy from allure bundled as one script, whose compiled code V8 keeps beside it', async () => {
    const compiled = await importCompiled<typeof import('../src/report/html-report.ts')>('src/report/html-report.js');
    const report = join(DIST, 'src', 'report');
    expect(readdirSync(report)).toContain('allure-writer.cjs');
    // Twice: the second run of the script is from the cache when the first kept it (or an earlier run did).
    for (const out of ['first', 'second']) {
      const html = join(tempDir(`html-writer-${out}`), 'html');
      await compiled.generateHtmlReport(failedResults(), html, 'html-writer test');
      expectFailedTree(html);
    }
    expect(readdirSync(report).filter((name) => /^allure-writer\.cjs\.[0-9a-f]{16}\.[0-9a-f]+\.v8-cache$/.test(name)).length).toBeGreaterThan(0);
    // What the writer never runs is not in the script (scripts/offline-allure.mjs): allure's config loader, its service's HTTP client.
    expect(readFileSync(join(report, 'allure-writer.cjs'), 'utf8')).not.toMatch(/^\/\/ \S*node_modules\/(jiti|axios)\//m);
  });

  it("writes, in the compiled copy, a test tree that loads nothing from elsewhere and names no repository or branch of the run's directory", async () => {
    const compiled = await importCompiled<typeof import('../src/report/html-report.ts')>('src/report/html-report.js');
    const html = join(tempDir('html-writer-offline'), 'html');
    // This test runs inside the project's git checkout: allure's own description of a run outside CI reads git there.
    await compiled.generateHtmlReport(failedResults(), html, 'html-writer test');
    const page = readFileSync(join(html, 'index.html'), 'utf8');
    expect(page.match(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\/[^"'\s>]*/gi) ?? []).toEqual([]);
    // Nor anywhere else (a stylesheet's url(), a script's fetch): the only absolute URLs are XML namespace names.
    expect((page.match(/https?:\/\/[^"'\s)<>]*/g) ?? []).filter((url) => !url.startsWith('http://www.w3.org/'))).toEqual([]);
    const options = JSON.parse(/window\.allureReportOptions = (\{.*?\})\s*<\/script>/s.exec(page)?.[1] ?? 'null');
    expect(options.ci).toMatchObject({ type: 'local', repoName: '', jobRunBranch: '' });
    expect(options.ci.repository).toBeUndefined();
  });

  /** Node running `code` as an ES module given by --eval (a flag a thread must not take), from the root. */
  const evalModule = (code: string) => spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });

  it('holds no process open when the report is never asked for', () => {
    const child = evalModule("import { startHtmlWriter } from './src/report/html-report.ts'; startHtmlWriter(); console.log('started');");
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('started');
  });

  it('writes under a process started with node flags of its own', () => {
    const out = join(tempDir('html-writer-flags'), 'html');
    const child = evalModule(`import { generateHtmlReport } from './src/report/html-report.ts'; await generateHtmlReport(${JSON.stringify(tempDir('html-writer-empty'))}, ${JSON.stringify(out)}, 'x'); console.log('written');`);
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('written');
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });
});
