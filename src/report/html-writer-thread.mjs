// The HTML test tree's writer, on a thread of its own: loading allure's report writer takes CPU, and
// on the run's main thread it would hold up the run coordinator the test workers ask before every
// request. JavaScript, not TypeScript: Node loads a thread's entry itself. The compiled copy holds it
// bundled with the packages below in one file (scripts/bundle-entry.mjs), so the plugins are
// imported here rather than looked up by name when the configuration is read.
import { parentPort, workerData } from 'node:worker_threads';
import { AllureReport, readRawConfig, resolveConfig } from '@allurereport/core';
import AwesomePlugin from '@allurereport/plugin-awesome';

/** The plugins this writer carries, by the names allurerc.mjs gives them. */
const PLUGINS = { awesome: AwesomePlugin };

/** The configured plugins, made as allure would make them from allurerc.mjs. */
function pluginsOf(config) {
  return Object.entries(config.plugins ?? {}).map(([id, entry]) => {
    const Plugin = PLUGINS[id];
    if (!Plugin) throw new Error(`allurerc.mjs names the plugin "${id}", which the HTML writer does not carry (it carries ${Object.keys(PLUGINS).join(', ')})`);
    const options = entry.options ?? {};
    return { id, enabled: entry.enabled ?? true, options, plugin: new Plugin(options, 'enabled' in entry ? { enabled: entry.enabled } : {}) };
  });
}

const configured = readRawConfig(workerData.root, 'allurerc.mjs');
// A failed read is told when the report is asked for (below), not thrown on its own.
configured.catch(() => undefined);

parentPort.on('message', async ({ resultsDir, outputDir, name }) => {
  try {
    const raw = await configured;
    // No plugin looked up by name (an empty set): they are the ones made above.
    const config = await resolveConfig(raw, { name, output: outputDir, cwd: workerData.root, plugins: {} });
    const report = new AllureReport({ ...config, plugins: pluginsOf(raw) });
    await report.start();
    await report.readDirectory(resultsDir);
    await report.done();
    parentPort.postMessage({ written: true });
  } catch (error) {
    parentPort.postMessage({ written: false, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
});
