/**
 * Why a conformance test takes turns across the whole run (the lane: no other such test of the run
 * runs beside it, in any worker), declared where the test is (ruleTest's `turns` option):
 * - `known-sample`: it submits a known sample, or may verify a known sample's address (a control
 *   twin, or a broken submission a faulty verifier takes as the sample's). A contract verifies once,
 *   and a job running on an address refuses the next submission there: the address's state is the run's.
 * - `shared-state`: it changes what every test of the interface meets, as a burst that leaves the
 *   client throttled.
 * Tests that declare neither run beside the rest of the run, within the run's budget, rate and pacing.
 */
export const TURN_REASONS = ['known-sample', 'shared-state'] as const;

export type TurnReason = (typeof TURN_REASONS)[number];

const DECLARATION = new RegExp(`\\bturns:\\s*['"](?:${TURN_REASONS.join('|')})['"]`);

/**
 * Whether a test file's text declares a test that takes turns. The sequencer reads it before any
 * file is collected; a wrong guess only costs time, since the turns themselves are kept by the lock.
 */
export function declaresTurns(source: string): boolean {
  return DECLARATION.test(source);
}
