// The operator checks judged on hand-made rows and answers: the values chosen let each operator
// show (or say why none can), and the relations between answers hold for a correct filter over
// one value or several per row, and break when one operator is ignored.
import { describe, expect, it } from 'vitest';
import { compareEntityIds } from '../src/checks/entity-id-order.ts';
import { expectOperatorRelation, FILTER_FORMS, OPERATOR_RELATIONS, type FilterForm, type FormAnswer } from '../src/checks/operator-relations.ts';
import { chooseOperatorValues, rowSatisfies, type RowValues } from '../src/checks/operator-values.ts';
import type { Exchange } from '../src/http/exchange.ts';
import { loadCatalogue } from '../src/rules/catalogue.ts';

interface Row {
  key: string;
  accounts: string[];
}

const byAccounts: RowValues<Row> = { valuesOf: (r) => r.accounts, compare: compareEntityIds };
const exchange = { method: 'GET', url: 'http://127.0.0.1:1/api/v1/x', status: 200, requestHeaders: {}, responseHeaders: {}, responseBody: '{}', startedAt: '', durationMs: 1, throttled: [] } satisfies Exchange;

/** Rows 0.0.1 .. 0.0.n, each with the accounts given. */
function rows(...accounts: string[][]): Row[] {
  return accounts.map((a, i) => ({ key: `0.0.${i + 1}`, accounts: a }));
}

/** What a filter answers on `rows` (first `limit`), with one operator ignored if asked. */
function answer(all: Row[], form: FilterForm, value: string, limit: number, ignored?: FilterForm): FormAnswer<Row> {
  const items = form === ignored ? all : all.filter((r) => rowSatisfies(byAccounts, r, form, value));
  return { items: items.slice(0, limit), exchange };
}

/** Each relation judged at its chosen value: held, violated, or the reason it could not be. */
function judge(all: Row[], limit: number, ignored?: FilterForm): Array<boolean | string> {
  return chooseOperatorValues(all.slice(0, limit), byAccounts).map((chosen) => {
    if ('reason' in chosen) return chosen.reason;
    const answers: Partial<Record<FilterForm, FormAnswer<Row>>> = Object.fromEntries(FILTER_FORMS.map((f) => [f, answer(all, f, chosen.value, limit, ignored)]));
    const judged: boolean[] = [];
    expectOperatorRelation((_rule, holds) => void judged.push(holds), 'LQ-4-operator-semantics',
      { relation: chosen.relation, filter: 'account.id', value: chosen.value, answers, limit, key: (r: Row) => r.key, compare: compareEntityIds });
    return judged[0]!;
  });
}

describe('operator relations', () => {
  const creators = rows(['0.0.10'], ['0.0.30'], ['0.0.20'], ['0.0.10'], ['0.0.40'], ['0.0.20']);
  const involved = rows(['0.0.3', '0.0.98', '0.0.1001'], ['0.0.5', '0.0.98', '0.0.1002'], ['0.0.1003'], ['0.0.4', '0.0.98', '0.0.1001']);

  it('hold on a correct filter, with one value per row and with several', () => {
    expect(judge(creators, 25)).toEqual([true, true, true, true]);
    // The third row involves one account only: ne can show on it.
    expect(judge(involved, 25)).toEqual([true, true, true, true]);
  });

  it('break when the target ignores one operator, whichever it is', () => {
    for (const ignored of FILTER_FORMS) {
      const broken = judge(creators, 25, ignored);
      const judging = OPERATOR_RELATIONS.findIndex((r) => r.judges.includes(ignored));
      expect(broken[judging], ignored).toBe(false);
    }
  });

  it('judge each relation under its own clause of the operator rule, a clause the catalogue gives it', () => {
    const rule = loadCatalogue().get('LQ-4-operator-semantics')!;
    expect(OPERATOR_RELATIONS.map((r) => r.clause).sort()).toEqual((rule.clauses ?? []).map((c) => c.id).sort());
    const clauses: Array<string | undefined> = [];
    for (const chosen of chooseOperatorValues(creators, byAccounts)) {
      if ('reason' in chosen) continue;
      const answers: Partial<Record<FilterForm, FormAnswer<Row>>> = Object.fromEntries(FILTER_FORMS.map((f) => [f, answer(creators, f, chosen.value, 25)]));
      expectOperatorRelation((_rule, _holds, _detail, _exchange, clause) => void clauses.push(clause), 'LQ-4-operator-semantics',
        { relation: chosen.relation, filter: 'account.id', value: chosen.value, answers, limit: 25, key: (r: Row) => r.key, compare: compareEntityIds });
    }
    expect(clauses).toEqual(OPERATOR_RELATIONS.map((r) => r.clause));
  });

  it('break on a first page too: the ignored answer lists a row its relation leaves out', () => {
    expect(judge(creators, 3, 'ne')[1]).toBe(false);
  });

  it('say why an operator cannot show: ne when every row involves several accounts, any operator on a list of one row', () => {
    const noLoneAccount = rows(['0.0.3', '0.0.1001'], ['0.0.4', '0.0.1002'], ['0.0.5', '0.0.1003']);
    const [eq, ne, gt, lt] = judge(noLoneAccount, 25);
    expect([eq, gt, lt]).toEqual([true, true, true]);
    expect(ne).toMatch(/no value on the first 3 row\(s\) of the list is the only value of some row.*ignored ne filter could not show/);
    for (const reason of judge(rows(['0.0.7']), 25)) expect(reason).toMatch(/^no value on the first 1 row\(s\) of the list is /);
  });

  it('choose values present in the rows, splitting them as evenly as they can', () => {
    const chosen = chooseOperatorValues(creators, byAccounts);
    expect(chosen.map((c) => ('value' in c ? c.value : c.reason))).toEqual(['0.0.10', '0.0.10', '0.0.20', '0.0.20']);
  });
});
