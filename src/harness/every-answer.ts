import { responseJson, type Exchange } from '../http/exchange.ts';
import { isThrottlingStatus } from '../http/retry-after.ts';
import { nextLinkRepeatsRequest } from '../checks/next-link-repeats-request.ts';
import type { InterfaceName } from '../../specs/load-spec.ts';

/** The contract rule of each interface that every 5xx answer breaks. */
export const NO_SERVER_ERROR: Record<InterfaceName, string> = {
  'ledger-query': 'LQ-7-no-server-error',
  status: 'ST-4.7-no-server-error',
  verify: 'VF-7-no-server-error',
};

/** A 429, or a 503 with Retry-After: the target asking for patience, not a server error. */
export function isThrottlingAnswer(ex: Exchange): boolean {
  return isThrottlingStatus(ex.status, ex.responseHeaders['retry-after']);
}

export interface AnswerJudgement {
  rule: string;
  held: boolean;
  detail: string;
  exchange: Exchange;
}

/**
 * The rules every answer of an interface is judged by, whatever the test was after, answers
 * fetched only to find test data included: no server error and, for query-service lists, a next
 * link that does not repeat its own request (an endless walk). Throttling answers are counted as
 * throttling, not judged here (the size cap and transport faults are the client's, before this).
 */
export function judgeEveryAnswer(iface: InterfaceName, exchanges: Exchange[]): AnswerJudgement[] {
  const judged: AnswerJudgement[] = [];
  for (const ex of exchanges) {
    if (isThrottlingAnswer(ex)) continue;
    judged.push({
      rule: NO_SERVER_ERROR[iface],
      held: ex.status < 500,
      detail: `answered ${ex.status}: ${ex.responseBody.length > 200 ? `${ex.responseBody.slice(0, 200)}... (${ex.responseBody.length} characters)` : ex.responseBody}`,
      exchange: ex,
    });
    const repeats = iface === 'ledger-query' ? nextLinkRepeatsRequest(ex) : undefined;
    if (repeats !== undefined) {
      judged.push({ rule: 'LQ-4-pagination-ends', held: !repeats, detail: 'links.next repeats the request it answers: following it never ends', exchange: ex });
    }
  }
  return judged;
}

/**
 * The first answer of a test that a check cannot read as JSON (an HTML page, a body cut short):
 * named beside a check's TypeError, which stays an error of the suite (the check must not trip on it).
 */
export function unreadableAnswer(exchanges: Exchange[]): Exchange | undefined {
  return exchanges.find((ex) => ex.method !== 'HEAD' && ex.status !== 204 && !isThrottlingAnswer(ex) && responseJson(ex) === undefined);
}
