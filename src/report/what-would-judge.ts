import type { StopCause } from '../harness/conformance-meta.ts';
import { STOP_WORDS, type RuleRow } from './rule-verdicts.ts';

/** What would let a stopped check judge its rule next time, per cause the verdict names. */
const WOULD_JUDGE: Record<StopCause, string> = {
  throttled: 'a lower --rate, or a run when the target throttles less',
  budget: 'a larger --max-requests (or a run of fewer interfaces with --only)',
  unreachable: 'a target that answers: check the URL and the network path',
  'target-fault': 'whole answers within --timeout and --max-body-bytes (or larger bounds, if the answers are legitimately big or slow)',
  abandoned: 'a target that stops resetting or timing out: the run gives a target up after repeated transport faults',
};

/**
 * For a rule the run could not judge: what would judge it, read from the reason its verdict gives.
 * A stop names its cause; a test that broke is the suite's to fix; otherwise the target lacked the
 * input the check needs, which the reason names.
 */
export function whatWouldJudge(row: RuleRow): string {
  if (row.verdict === 'error') return "a test that does not break: the error is the suite's or the transport's (see the test tree), then a run again";
  if (row.verdict === 'uncovered') return 'a test of the suite that checks it';
  const causes = (Object.keys(STOP_WORDS) as StopCause[]).filter((c) => row.reason?.includes(STOP_WORDS[c]));
  if (causes.length) return causes.map((c) => WOULD_JUDGE[c]).join('; ');
  // rule-verdicts.ts words a test that stopped at another rule's failure so: that failure is in the way.
  if (row.reason?.includes('before judging this rule')) return 'the failure its test stopped at fixed first: the test judges this rule after it';
  if (row.verdict === 'skipped') return 'something on the target for its tests to work with (the reason says what), or the flag that allows it (--allow-writes, --known-calls, --verify-samples)';
  return 'a target where the input the reason names happens (data, a state, or a sample file such as --known-calls or --verify-samples)';
}
