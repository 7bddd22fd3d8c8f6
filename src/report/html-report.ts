import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Turns allure results into the HTML test tree with allure's own Node API (offline, single file). */
export async function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  // Loaded here, not with the module: reports without HTML (and the tests of them) do not need it.
  const { AllureReport, readConfig } = await import('@allurereport/core');
  const config = await readConfig(ROOT, 'allurerc.mjs', { name, output: outputDir });
  const report = new AllureReport(config);
  await report.start();
  await report.readDirectory(resultsDir);
  await report.done();
}
