// The HTML test tree's writer, on a thread of its own: loading allure's report writer takes about
// half a second of CPU, and on the run's main thread it would hold up the run coordinator the test
// workers ask before every request. JavaScript, not TypeScript: Node loads a thread's entry itself.
import { parentPort, workerData } from 'node:worker_threads';

const writer = import('@allurereport/core').then(async (core) => {
  // Reading the configuration once imports the plugins it names (another 0.1 s).
  await core.readConfig(workerData.root, 'allurerc.mjs');
  return core;
});
// A failed load is told when the report is asked for (below), not thrown on its own.
writer.catch(() => undefined);

parentPort.on('message', async ({ resultsDir, outputDir, name }) => {
  try {
    const { AllureReport, readConfig } = await writer;
    const report = new AllureReport(await readConfig(workerData.root, 'allurerc.mjs', { name, output: outputDir }));
    await report.start();
    await report.readDirectory(resultsDir);
    await report.done();
    parentPort.postMessage({ written: true });
  } catch (error) {
    parentPort.postMessage({ written: false, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
});
