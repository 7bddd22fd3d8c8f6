// What the bundled HTML writer (scripts/bundle-entry.mjs) gives allure in place of axios. Only
// allure's client of the Allure service (report upload, remote history) uses axios, and the writer
// never configures that service; axios's module set-up alone loaded Node's fetch, about 30 ms of the
// writer thread's CPU per run.
const unavailable = () => {
  throw new Error("the HTML report's writer sends nothing over the network: the Allure service is not available to it");
};

export default { create: unavailable };
export const isAxiosError = () => false;
