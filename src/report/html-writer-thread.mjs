// The HTML test tree's writer, on a thread of its own: loading allure's report writer takes CPU, and
// on the run's main thread it would hold up the run coordinator the test workers ask before every
// request. JavaScript, not TypeScript: Node loads a thread's entry itself. The compiled copy holds
// allure's packages bundled as one script (allure-writer.cjs), loaded with V8's code cache; the
// sources import them as they are.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { loadCodeCachedScript } from './code-cached-script.mjs';

const BUNDLE = fileURLToPath(new URL('./allure-writer.cjs', import.meta.url));
const writer = existsSync(BUNDLE) ? loadCodeCachedScript(BUNDLE) : { exports: await import('./allure-writer.mjs'), keep() {} };
const { AllureReport, AwesomePlugin, resolveConfig } = writer.exports;

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

// Imported here, not by allure's readRawConfig: the bundled script may not import().
const configured = import(pathToFileURL(join(workerData.root, 'allurerc.mjs')).href).then((module) => module.default);
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
    // Before the answer: the thread is stopped once it is given.
    writer.keep();
    parentPort.postMessage({ written: true });
  } catch (error) {
    parentPort.postMessage({ written: false, message: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
  }
});
