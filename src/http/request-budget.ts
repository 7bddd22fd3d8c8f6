/** Thrown when the run's request budget is spent: the check cannot run, so it is skipped, not failed. */
export class BudgetExhausted extends Error {
  override name = 'BudgetExhausted';
}

/** `alreadyUsed`: requests of the same run sent before this budget object existed (earlier test files). */
export function createRequestBudget(max: number, alreadyUsed = 0): { take(): void; readonly used: number; readonly max: number } {
  let used = alreadyUsed;
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
