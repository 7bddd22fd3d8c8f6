// The rows of a child table (transfers, signatures, token balances) read for a whole page at once,
// grouped by the parent they belong to: looked up per parent instead of filtered from all of them
// (100 schedules filtering their page's signatures took 40% of the server's time on that list).

/** The rows by `key`, each group in the order the rows came in. */
export function rowsBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const parent = key(row);
    const group = groups.get(parent);
    if (group) group.push(row);
    else groups.set(parent, [row]);
  }
  return groups;
}
