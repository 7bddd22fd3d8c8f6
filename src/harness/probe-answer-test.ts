import type { InterfaceName } from '../../specs/load-spec.ts';
import { judgeEveryAnswer, NO_SERVER_ERROR } from './every-answer.ts';
import { ruleTest } from './rule-test.ts';

/**
 * The CLI's start-up probe reached the target before any test: its answer is judged here by the
 * rules every answer is judged by, so a 5xx to the probe is a finding like any other.
 */
export function probeAnswerTest(iface: InterfaceName): void {
  // Beside the others (no turns): it sends nothing, it judges the answer the CLI's probe had.
  ruleTest('answered the start-up probe without a server error', [NO_SERVER_ERROR[iface]], async (t) => {
    const answer = t.config.probeAnswers?.[iface];
    if (!answer) return t.skip('no start-up probe was sent: the suites ran outside the CLI');
    for (const j of judgeEveryAnswer(iface, [answer])) t.soft(j.rule, j.held, `start-up probe ${j.detail}`, j.exchange);
  });
}
