import { satisfiesOperator } from '../../generators/semantic/operator-filter.ts';
import { OPERATOR_RELATIONS, type FilterForm, type OperatorRelation } from './operator-relations.ts';

/**
 * How a filter compares a row: each row holds one or more values of the filtered kind (a schedule
 * its creator, a transaction every account it involves) and satisfies `op:X` when one of them
 * compares with X as the operator says.
 */
export interface RowValues<T> {
  valuesOf: (item: T) => string[];
  compare: (a: string, b: string) => number;
}

export function rowSatisfies<T>(row: RowValues<T>, item: T, form: FilterForm, value: string): boolean {
  const op = form === 'none' ? 'eq' : form;
  return row.valuesOf(item).some((v) => satisfiesOperator(op, row.compare(v, value)));
}

export type ChosenValue = { relation: OperatorRelation; value: string } | { relation: OperatorRelation; reason: string };

/**
 * For each operator relation, a value present in `rows` (the first page's reach of the unfiltered
 * list) that lets it show: some row is left out only because of the operators it judges (an
 * ignored one would list it) and some row is kept. The most even split is taken; a relation no
 * present value serves gets the reason instead.
 */
export function chooseOperatorValues<T>(rows: T[], row: RowValues<T>): ChosenValue[] {
  const values = rows.map((item) => row.valuesOf(item)).filter((vs) => vs.length > 0);
  const candidates = [...new Set(values.flat())].sort(row.compare);
  const cmp = row.compare;
  const highest = (vs: string[]) => vs.reduce((a, b) => (cmp(a, b) >= 0 ? a : b));
  const lowest = (vs: string[]) => vs.reduce((a, b) => (cmp(a, b) <= 0 ? a : b));
  // By the relation's whole form: which rows only its operators leave out, and which they keep.
  const split: Record<string, { shows: (vs: string[], x: string) => boolean; keeps: (vs: string[], x: string) => boolean }> = {
    none: { shows: (vs, x) => !vs.some((v) => cmp(v, x) === 0), keeps: (vs, x) => vs.some((v) => cmp(v, x) === 0) },
    ne: { shows: (vs, x) => vs.every((v) => cmp(v, x) === 0), keeps: (vs, x) => vs.some((v) => cmp(v, x) !== 0) },
    gte: { shows: (vs, x) => cmp(highest(vs), x) < 0, keeps: (vs, x) => cmp(highest(vs), x) > 0 },
    lte: { shows: (vs, x) => cmp(lowest(vs), x) > 0, keeps: (vs, x) => cmp(lowest(vs), x) < 0 },
  };
  return OPERATOR_RELATIONS.map((relation) => {
    const { shows, keeps } = split[relation.whole]!;
    let best: { value: string; balance: number } | undefined;
    for (const x of candidates) {
      const balance = Math.min(values.filter((vs) => shows(vs, x)).length, values.filter((vs) => keeps(vs, x)).length);
      if (balance > 0 && (!best || balance > best.balance)) best = { value: x, balance };
    }
    if (best) return { relation, value: best.value };
    return { relation, reason: `no value on the first ${rows.length} row(s) of the list is ${relation.needs}, so an ignored ${relation.judges.join('/')} filter could not show` };
  });
}
