/** Thrown when the run's request budget is spent: the check cannot run, so it is skipped, not failed. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
}

export function createRequestBudget(max: number): { take(): void; readonly used: number; readonly max: number } {
  let used = 0;
  return {
    take() {
      if (used >= max) throw new BudgetExhausted(`request budget of ${max} requests is spent (--max-requests)`);
      used++;
    },
    get used() {
      return used;
    },
    max,
  };
}
