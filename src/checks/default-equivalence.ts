import type { Check } from '../harness/rule-test.ts';
import { expectRule } from './rule-violation.ts';
import { answerSummary, sameAnswer } from './same-answer.ts';

/**
 * A default stated by the contract holds when leaving a field out gives the same answer as sending
 * the default explicitly. The call without the field is sent twice (before and after): if those two
 * differ, the target's state moved in between and nothing can be concluded, so the check is skipped.
 */
export async function expectSameAsWithout(
  t: Check,
  rule: string,
  send: (body: Record<string, unknown>) => ReturnType<Check['send']>,
  without: Record<string, unknown>,
  withField: Record<string, unknown>,
  what: string,
  clause?: string,
): Promise<void> {
  const before = await send(without);
  const given = await send(withField);
  const after = await send(without);
  if (!sameAnswer(before, after)) t.skip(`the answer to the same call changed between two requests (state moved), so ${what} cannot be compared`);
  expectRule(rule, sameAnswer(before, given), `${what}: answer without it is ${answerSummary(before)}, with it ${answerSummary(given)}`, given, clause);
}
