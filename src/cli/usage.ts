export const USAGE = `ledger-conformance: contract conformance suite for the ledger query, status and verification interfaces

Usage:
  ledger-conformance run [options]      run the suites, write reports/, exit 0 only if every contract check passed
  ledger-conformance rules [--json]     list the rule catalogue with the tests that check each rule
  ledger-conformance report [--report-dir DIR]   rebuild summary and HTML report from the last run's results
  ledger-conformance --help

Targets (default: the embedded reference implementation on a loopback port):
  --base-url URL       ledger query service (env BASE_URL)
  --status-url URL     network status interface (env STATUS_URL)
  --verify-url URL     contract verification interface (env VERIFY_URL)
  --only NAME[,NAME]   ledger-query | status | verify

Run options:
  --header 'Name: value'   extra request header, repeatable (env CONFORMANCE_HEADERS); values are redacted from reports
  --timeout MS             per-request timeout (default 15000)
  --rate N                 requests per second across the run (default: none on loopback, 5 elsewhere)
  --max-requests N         request budget for the run (default: none on loopback, 5000 elsewhere)
  --seed N                 replay a run's generated inputs (env CONFORMANCE_SEED)
  --depth N                generated examples per property (default 20; env CONFORMANCE_DEPTH)
  --allow-writes           allow state-changing or loading checks on non-loopback targets
  --treat-as-remote        apply non-loopback (production-safe) defaults to loopback targets too
  --expectations FILE      known deviations (JSON or YAML): matching failures do not fail the run
  --verify-chain-id ID     chain used for verification submissions (default 296)
  --known-calls FILE       contract calls with known results on the target (value checks of section 4.3)
  --report-dir DIR         where reports go (default reports)

Exit codes: 0 every contract check passed (known deviations allowed), 1 a contract check failed or a
test could not judge, 2 usage or configuration error (bad flag, unreachable target, bad file).
`;
