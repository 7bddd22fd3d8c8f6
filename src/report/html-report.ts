import { fileURLToPath } from 'node:url';
import { AllureReport, readConfig } from '@allurereport/core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Turns allure results into the HTML test tree with allure's own Node API (offline, single file). */
export async function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  const config = await readConfig(ROOT, 'allurerc.mjs', { name, output: outputDir });
  const report = new AllureReport(config);
  await report.start();
  await report.readDirectory(resultsDir);
  await report.done();
}
