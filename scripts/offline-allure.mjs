// What the bundled HTML writer takes of allure in place of what would reach outside the run or is
// never used: an allure package's file that the bundle resolves to one of the project's own, and a
// flag switched off in the bundle's text (scripts/bundle-entry.mjs applies both to every bundle it makes).
import { fileURLToPath } from 'node:url';

const OFFLINE_LOCAL_CI = fileURLToPath(new URL('../src/report/offline-local-ci.mjs', import.meta.url));
const NO_SERVICE_HTTP = fileURLToPath(new URL('../src/report/no-allure-service-http.mjs', import.meta.url));
const NO_CONFIG_LOADER = fileURLToPath(new URL('../src/report/no-allure-config-loader.mjs', import.meta.url));

/**
 * An esbuild plugin that keeps allure's HTML writer from reaching outside: the description of a run
 * outside CI is the project's own (src/report/offline-local-ci.mjs), which runs no `git`, and the
 * HTTP client of allure's service is one that sends nothing (src/report/no-allure-service-http.mjs);
 * allure's loader of TypeScript config files, which the writer never asks for, is left out
 * (src/report/no-allure-config-loader.mjs).
 */
export function offlineAllure() {
  return {
    name: 'offline-allure',
    setup(build) {
      build.onResolve({ filter: /^\.\/detectors\/local\.js$/ }, (args) =>
        /[\\/]@allurereport[\\/]ci[\\/]/.test(args.importer) ? { path: OFFLINE_LOCAL_CI } : undefined,
      );
      build.onResolve({ filter: /^axios$/ }, (args) =>
        /[\\/]@allurereport[\\/]service[\\/]/.test(args.importer) ? { path: NO_SERVICE_HTTP } : undefined,
      );
      build.onResolve({ filter: /^jiti$/ }, (args) =>
        /[\\/]@allurereport[\\/]core[\\/]/.test(args.importer) ? { path: NO_CONFIG_LOADER } : undefined,
      );
    },
  };
}

// allure's report pages load Google's analytics script when opened (a report on disk or in a CI
// artifact included), a flag each page generator sets with no option to clear it.
const ANALYTICS_ON = /\banalyticsEnable: true\b/g;

/** The bundle's text with allure's analytics switched off; an allure that sets it some other way fails the build. */
export function withoutAnalytics(text) {
  const off = text.replace(ANALYTICS_ON, 'analyticsEnable: false');
  if (off.includes('googletagmanager') && off === text) throw new Error("offline-allure: allure's report pages load an analytics script, but not through `analyticsEnable: true`");
  return off;
}
