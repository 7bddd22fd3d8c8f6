import { DEFAULTS } from '../config/run-config.ts';

export const USAGE = `ledger-conformance: contract conformance suite for the ledger query, status and verification interfaces

Usage:
  ledger-conformance run [options]      run the suites, write reports/, exit 0 only on a PASS verdict
  ledger-conformance rules [--json]     list the rule catalogue with the tests that check each rule
  ledger-conformance report [--report-dir DIR]   rebuild summary and HTML report from the last run's results
  ledger-conformance profiles [--json]  list the named targets of --profile
  ledger-conformance merge-reports --into DIR SHARD_DIR...   merge the reports of --shard runs into one report and verdict
  ledger-conformance self-check [--only NAME[,NAME]] [--faults A,B] [--jobs N] [--min-score P] [--seed N] [--depth N] [--report-dir DIR]
                                        run the suites against the clean reference and against each named fault of it;
                                        print which rule caught each fault and the score; write self-check.{json,txt}
                                        and html/self-check.html; exit 1 if the clean run fails or the score is below P
  ledger-conformance --help
  ledger-conformance --version

Targets (default: the embedded reference implementation on a loopback port):
  --profile NAME       mainnet | testnet | previewnet | local: fills the three URLs and --verify-chain-id
  --base-url URL       ledger query service (env BASE_URL); overrides the profile
  --status-url URL     network status interface (env STATUS_URL); overrides the profile
  --verify-url URL     contract verification interface (env VERIFY_URL); overrides the profile
  --only NAME[,NAME]   ledger-query | status | verify
  --fault NAME[,NAME]  switch on named faults of the embedded reference (reference/faults/catalogue.ts); no target URL
  --behave NAME        make the embedded reference behave as a named set (reference/faults/behaviours.ts); no target URL

Production safety: a target that is not loopback (or any target with --treat-as-remote) gets only GET
requests, the two read-only POSTs of the query service (contract call, fee estimate) and verification
POSTs whose input the contract says must be rejected; any other request is refused before sending and
its test skipped with the reason. Checks that change state or load the target need --allow-writes.

Run options:
  --header 'Name: value'   extra request header, repeatable (env CONFORMANCE_HEADERS); values are redacted from reports
  --timeout MS             per-request timeout (default ${DEFAULTS.timeoutMs})
  --rate N                 requests per second across the run (default: none on loopback, ${DEFAULTS.remoteRate} elsewhere)
  --max-requests N         request budget for the run, probes included (default: none on loopback, ${DEFAULTS.remoteMaxRequests} elsewhere)
  --seed N                 replay a run's generated inputs (env CONFORMANCE_SEED)
  --depth N                generated examples per property (default ${DEFAULTS.depth}; env CONFORMANCE_DEPTH)
  --allow-writes           allow state-changing or loading checks on non-loopback targets
  --treat-as-remote        apply non-loopback (production-safe) defaults to loopback targets too
  --expectations FILE      known deviations (JSON or YAML): rule, reason, expires (YYYY-MM-DD), optional
                           endpoint, input (a regular expression over "METHOD /path?query" and the body);
                           matching failures do not fail the run until they expire
  --drift                  compare the query service's published OpenAPI document (/api/v1/docs/openapi.yml)
                           with the contract, per rule, next to this run's verdicts: reports/drift.txt
  --shard i/n              run the i-th of n slices of the tests (merge with merge-reports); without explicit
                           --rate/--max-requests each shard takes 1/n of the non-loopback defaults
  --verify-chain-id ID     chain used for verification submissions (default: the profile's, else ${DEFAULTS.verifyChainId})
  --verify-unsupported-chain-id ID   a chain the verification target must refuse (default ${DEFAULTS.verifyUnsupportedChainId})
  --known-calls FILE       contract calls with known results on the target (value checks of section 4.3)
  --report-dir DIR         where reports go (default ${DEFAULTS.reportDir})
  --min-evaluated P        the run passes only if at least P% of the selected contract rules were evaluated
  --json                   print the machine verdict (as in rules.json) on stdout; everything else goes to stderr
  --quiet                  no progress lines while the tests run: only the verdict summary at the end

Verdicts and exit codes (a rule passes only when a check of it held on a real answer and none was violated):
  0    PASS        no contract rule failed, every selected interface had contract rules evaluated,
                   nothing stopped the checks (known deviations allowed; observed rules only reported)
  1    FAIL        a contract rule was violated (or an expectation expired while its rule still fails)
  2    usage or configuration error: bad flag, unknown profile, unreachable target, malformed
       expectations file, missing results for report/merge-reports (one message, no stack trace)
  3    INCOMPLETE  nothing failed, but the run could not judge everything it set out to: throttling,
                   the request budget, an unreachable target or a broken test stopped checks, an
                   interface had no contract rule evaluated, or --min-evaluated was not met
  130  INTERRUPTED stopped by Ctrl-C or SIGTERM; the report directory says INTERRUPTED, never an old verdict
`;
