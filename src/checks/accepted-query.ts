import { responseJson, type Exchange } from '../http/exchange.ts';
import { queryText } from '../walkers/list-page.ts';
import type { Report } from './report.ts';
import { acceptanceClause } from './take-or-refuse-clauses.ts';
import { messageNamesParameter } from './parameter-named.ts';

/**
 * Does the message quote a value sent for the parameter? An out-of-range entity ID is refused with
 * `Invalid entity ID "<value>"`, naming the value instead of the parameter (reference notes 3 and 16).
 */
function quotesValueOf(text: string, query: Array<[string, string]>, name: string): boolean {
  // Quoted as sent or without its operator: services differ in which they quote.
  return query.some(([k, v]) => k === name && [v, v.replace(/^[a-z]+:/i, '')].some((quoted) => text.includes(`"${quoted}"`)));
}

/**
 * A query the contract obliges the target to accept answers 200: then the rule of each parameter
 * held. When it does not, the failure goes to the rule of each parameter the error names or whose
 * value it quotes (its pattern or range was misread), or to `fallbackRule` when it points at none.
 */
export function expectAcceptedQuery(
  report: Report,
  exchange: Exchange,
  query: Array<[string, string]>,
  ruleOf: (parameter: string) => string,
  fallbackRule: string,
): boolean {
  const names = [...new Set(query.map(([name]) => name))];
  if (exchange.status === 200) {
    for (const rule of new Set(names.map(ruleOf))) report(rule, true, '', exchange, acceptanceClause(rule));
    return true;
  }
  if (exchange.status >= 500) return false; // reported by the harness under the no-server-error rule
  const body = responseJson(exchange) as { _status?: { messages?: Array<{ message?: unknown; detail?: unknown }> } } | undefined;
  const texts = (body?._status?.messages ?? []).map((m) => `${String(m.message ?? '')} ${String(m.detail ?? '')}`);
  const blamed = names.filter((name) => texts.some((text) => messageNamesParameter(text, name) || quotesValueOf(text, query, name)));
  const sent = queryText(query);
  if (blamed.length === 0) report(fallbackRule, false, `valid query ${sent} answered ${exchange.status}`, exchange);
  for (const name of blamed) {
    const values = query.filter(([k]) => k === name).map(([, v]) => JSON.stringify(v)).join(', ');
    report(ruleOf(name), false, `valid ${name} ${values} rejected with ${exchange.status} (query ${sent})`, exchange);
  }
  return false;
}
