// allure-vitest's reporter, writing its result files without an fsync each: allure's own writer
// flushes every file to disk, several hundred per run, and that blocked vitest's main thread for
// about a second per run. The report is built from these files right after the run, in this
// process, so a file that a crash would lose leaves no report to mislead anyway.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Vitest } from 'vitest/node';
import AllureVitestReporter from 'allure-vitest/reporter';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';

/** allure's file layout (the names its FileSystemWriter gives), written in place. */
function resultsDirWriter(dir: string): Writer {
  const path = (name: string) => {
    mkdirSync(dir, { recursive: true });
    return join(dir, name);
  };
  return {
    writeResult: (result) => writeFileSync(path(`${result.uuid}-result.json`), JSON.stringify(result)),
    writeGroup: (group) => writeFileSync(path(`${group.uuid}-container.json`), JSON.stringify(group)),
    writeAttachment: (name, content) => writeFileSync(path(name), content),
    writeAttachmentFromPath: (name, from) => copyFileSync(from, path(name)),
    writeEnvironmentInfo: (info) => writeFileSync(path('environment.properties'), stringifyEnvInfo(info)),
    writeCategoriesDefinitions: (categories) => writeFileSync(path('categories.json'), JSON.stringify(categories)),
    writeGlobals: (name, globals) => writeFileSync(path(name), JSON.stringify(globals)),
  };
}

export class AllureResultsReporter extends AllureVitestReporter {
  constructor(private readonly resultsDir: string) {
    super({ resultsDir });
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // The runtime is built inside onInit with allure's writer; every later file goes through this one.
    (this as unknown as { allureReporterRuntime: { writer: Writer } }).allureReporterRuntime.writer = resultsDirWriter(this.resultsDir);
  }
}
