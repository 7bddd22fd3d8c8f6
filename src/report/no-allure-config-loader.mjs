// What the bundled HTML writer (scripts/bundle-entry.mjs) gives allure in place of jiti, the loader
// allure reads a TypeScript config file with (loadTsConfig). The writer reads no config file through
// allure: it imports allurerc.mjs itself (html-writer-thread.mjs). Bundled, jiti (270 KB, a tenth of
// the bundle) was set up on every load of the writer for nothing.
export const createJiti = () => {
  throw new Error("the HTML report's writer reads no config file through allure: it imports allurerc.mjs itself");
};
