// Allure 3 report settings. The tree is grouped interface > rule, so each rule
// lists the tests that checked it and how they ended; a single file opens straight from disk or a CI artifact.
export default {
  name: 'ledger-conformance',
  plugins: {
    awesome: {
      options: {
        reportName: 'ledger-conformance',
        singleFile: true,
        groupBy: ['epic', 'story'],
      },
    },
  },
};
