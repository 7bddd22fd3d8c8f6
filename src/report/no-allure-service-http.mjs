// What the bundled HTML writer (scripts/bundle-entry.mjs) gives allure in place of axios. Only
// allure's client of the Allure service (report upload, remote history) uses axios, and the writer
// never configures that service; axios made the bundle a fifth larger (3.28 MB against 2.72) and its
// module set-up loaded Node's fetch: the writer thread took 210-250 ms of CPU per status run with it,
// 170-190 without.
const unavailable = () => {
  throw new Error("the HTML report's writer sends nothing over the network: the Allure service is not available to it");
};

export default { create: unavailable };
export const isAxiosError = () => false;
