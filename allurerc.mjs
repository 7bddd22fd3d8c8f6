// Allure 3 settings for the test tree of the HTML report (reports/html/tests/): grouped by interface,
// test file and describe block, so a red group is a test that failed. Verdicts per rule live on the
// rules page one level up (reports/html/index.html); a single file opens straight from disk or a CI artifact.
export default {
  name: 'ledger-conformance',
  plugins: {
    awesome: {
      options: {
        reportName: 'ledger-conformance: tests',
        singleFile: true,
        groupBy: ['epic', 'package', 'parentSuite'],
      },
    },
  },
};
