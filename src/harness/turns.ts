/**
 * Why a conformance test takes turns across the whole run (the lane: no other such test of the run
 * whose turn meets its own runs beside it, in any worker), declared where the test is (ruleTest's
 * `turns` option):
 * - `known-sample`: it submits a known sample, or may verify a known sample's address (a control
 *   twin, or a broken submission a faulty verifier takes as the sample's). A contract verifies once,
 *   and a job running on an address refuses the next submission there: the address's state is the run's.
 * - `shared-state`: it changes what other tests of the interface meet, as a burst that leaves the
 *   client throttled, or jobs at the addresses without a sample that submissions fall back on.
 * A turn holds the whole interface, or only the addresses the test names (ruleTest's `holds`,
 * src/samples/turn-holds.ts): turns on addresses apart run side by side.
 * Tests that declare neither run beside the rest of the run, within the run's budget, rate and pacing.
 */
export const TURN_REASONS = ['known-sample', 'shared-state'] as const;

export type TurnReason = (typeof TURN_REASONS)[number];

const DECLARATION = new RegExp(`\\bturns:\\s*['"](?:${TURN_REASONS.join('|')})['"]`, 'g');

/**
 * How many tests a test file's text declares that take turns. The sequencer reads it before any
 * file is collected; a wrong count only costs time, since the turns themselves are kept by the lock.
 */
export function turnsDeclared(source: string): number {
  return source.match(DECLARATION)?.length ?? 0;
}
