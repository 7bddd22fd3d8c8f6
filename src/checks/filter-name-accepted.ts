import type { Check } from '../harness/rule-test.ts';

/**
 * The contract accepts three transaction filters without naming them; the names observed are
 * `transactiontype`, `result` and `type`. Probes one name with a valid value: a rejection is
 * reported under LQ-4.2-filter-names (observed), so the caller can leave the filter out.
 */
export async function filterNameAccepted(t: Check, name: string, value: string, context: Array<[string, string]> = []): Promise<boolean> {
  const exchange = await t.get('/api/v1/transactions', [...context, [name, value], ['limit', '1']]);
  // A server error is reported as such by the harness; it says nothing about the name.
  if (exchange.status >= 500) {
    t.notEvaluated('LQ-4.2-filter-names', `the probe of ${name}=${value} answered ${exchange.status}`);
    return false;
  }
  t.soft('LQ-4.2-filter-names', exchange.status === 200, `the transaction list does not take the filter ${name}=${value}: answered ${exchange.status}`, exchange);
  return exchange.status === 200;
}

/** As filterNameAccepted, but a rejected name ends the check as skipped (after reporting it). */
export async function requireFilterName(t: Check, name: string, value: string, context: Array<[string, string]> = []): Promise<void> {
  if (!(await filterNameAccepted(t, name, value, context))) {
    t.skip(`the target does not take the filter name "${name}" (observed name, LQ-4.2-filter-names), so its values cannot be checked`);
  }
}
