import { FILTER_OPERATORS, type FilterOperator } from '../../generators/semantic/operator-filter.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Report } from './report.ts';

/** A filter as sent: one of the six operators, or `none` for the bare value (equality). */
export type FilterForm = FilterOperator | 'none';
export const FILTER_FORMS: readonly FilterForm[] = ['none', ...FILTER_OPERATORS];

/** The text of a form on a value: `op:value`, or the value alone. */
export function formText(form: FilterForm, value: string): string {
  return form === 'none' ? value : `${form}:${value}`;
}

/**
 * What the contract's operator semantics (section 4) make of answers on one value X, whatever the
 * filter compares in a row (one field, or any of several accounts): the bare value lists what eq
 * lists, ne what gt and lt list together, gte what gt and eq list, lte what lt and eq list. An
 * operator the target ignores lists the whole list and breaks its relation. Each relation judges
 * the operators in `judges`; `needs` says what X must be for them to show.
 */
export interface OperatorRelation {
  judges: FilterForm[];
  whole: FilterForm;
  parts: FilterForm[];
  needs: string;
  /** The clause of the operator rule (LQ-4-operator-semantics) this relation shows: the rule passes only when each held. */
  clause: string;
}

export const OPERATOR_RELATIONS: readonly OperatorRelation[] = [
  { judges: ['none', 'eq'], whole: 'none', parts: ['eq'], needs: 'held by some rows and not by others', clause: 'equality' },
  { judges: ['ne'], whole: 'ne', parts: ['gt', 'lt'], needs: 'the only value of some row, while other rows hold another', clause: 'ne' },
  { judges: ['gt', 'gte'], whole: 'gte', parts: ['gt', 'eq'], needs: 'above every value of some row and below a value of another', clause: 'gt-gte' },
  { judges: ['lt', 'lte'], whole: 'lte', parts: ['lt', 'eq'], needs: 'below every value of some row and above a value of another', clause: 'lt-lte' },
];

export interface FormAnswer<T> {
  items: T[];
  exchange: Exchange;
}

export interface RelationCase<T> {
  relation: OperatorRelation;
  /** The filter parameter and the list, for messages: `account.id on /api/v1/schedules`. */
  filter: string;
  value: string;
  answers: Partial<Record<FilterForm, FormAnswer<T>>>;
  /** First pages of `limit` rows in ascending order of `key`. */
  limit: number;
  key: (item: T) => string;
  compare: (a: string, b: string) => number;
}

/**
 * The first page of the relation's whole form against the first rows of its parts' pages merged:
 * the same rows, since each page is the first `limit` rows of its selection in the same order.
 * Judged under the relation's clause of `rule`, which must carry the relations' clauses.
 */
export function expectOperatorRelation<T>(report: Report, rule: string, c: RelationCase<T>): void {
  const whole = c.answers[c.relation.whole];
  const parts = c.relation.parts.map((form) => c.answers[form]);
  if (!whole || parts.some((p) => p === undefined)) return;
  const got = whole.items.map(c.key);
  const merged = [...new Set(parts.flatMap((p) => p!.items.map(c.key)))].sort(c.compare).slice(0, c.limit);
  const extra = got.filter((k) => !merged.includes(k));
  const missing = merged.filter((k) => !got.includes(k));
  const sent = (form: FilterForm) => formText(form, c.value);
  const others = c.relation.parts.length > 1 ? `${c.relation.parts.map(sent).join(' and ')} list together` : `${sent(c.relation.parts[0]!)} lists`;
  report(rule, got.length === merged.length && got.every((k, i) => k === merged[i]),
    `${c.filter}: ${sent(c.relation.whole)} must list exactly what ${others} (section 4), ` +
      `but only ${sent(c.relation.whole)} lists ${shown(extra)} and only the others list ${shown(missing)}`,
    whole.exchange, c.relation.clause);
}

function shown(keys: string[]): string {
  if (keys.length === 0) return 'nothing';
  return keys.length > 5 ? `${keys.slice(0, 5).join(', ')}, ... (${keys.length})` : keys.join(', ');
}
