// What the HTML writer thread takes of allure's packages, in one module: the compiled copy holds it
// bundled with them as one CommonJS script (allure-writer.cjs) that the thread loads with V8's code
// cache (code-cached-script.mjs). The plugins are imported here rather than looked up by name.
export { AllureReport, resolveConfig } from '@allurereport/core';
export { default as AwesomePlugin } from '@allurereport/plugin-awesome';
