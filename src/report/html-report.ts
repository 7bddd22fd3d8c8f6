import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let writer: Promise<typeof import('@allurereport/core')> | undefined;

/**
 * allure's report writer, loaded once, not with this module: reports without HTML (and the tests of
 * them) do not need it. A run starts loading it while its tests run (about half a second of CPU
 * that would otherwise come after them). Reading our configuration once imports the plugins it
 * names (another 0.1 s).
 */
export function loadHtmlWriter(): Promise<typeof import('@allurereport/core')> {
  writer ??= import('@allurereport/core').then(async (core) => {
    await core.readConfig(ROOT, 'allurerc.mjs');
    return core;
  });
  return writer;
}

/** Turns allure results into the HTML test tree with allure's own Node API (offline, single file). */
export async function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  const { AllureReport, readConfig } = await loadHtmlWriter();
  const config = await readConfig(ROOT, 'allurerc.mjs', { name, output: outputDir });
  const report = new AllureReport(config);
  await report.start();
  await report.readDirectory(resultsDir);
  await report.done();
}
