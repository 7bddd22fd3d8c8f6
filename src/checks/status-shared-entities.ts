import type { Exchange } from '../http/exchange.ts';
import { isObject, type FetchedDocument, type Item } from './status-documents.ts';
import { parseIsoInstant } from './status-iso-instant.ts';
import type { Comparison, Mismatch } from './status-refetch-on-mismatch.ts';

const SHARED_FIELDS = 'ST-4.7-shared-fields-agree';

/** A value as two documents must agree on it: timestamps as instants (offsets differ), objects key-sorted. */
function comparable(value: unknown): unknown {
  const instant = parseIsoInstant(value);
  if (instant !== undefined) return { instant };
  if (Array.isArray(value)) return value.map(comparable);
  if (isObject(value)) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, comparable(value[k])]));
  return value;
}

/** Fields both items carry with different values, `except` aside. */
export function differingFields(a: Item, b: Item, except: string[] = []): string[] {
  return Object.keys(a).filter((k) => k in b && !except.includes(k) && JSON.stringify(comparable(a[k])) !== JSON.stringify(comparable(b[k])));
}

export interface ListSide {
  name: string;
  items: Item[];
  exchange: Exchange;
}

/**
 * Two documents' lists of the same entities: the same ids when `idsRule` says both list all of them,
 * the same status under `stateRule`, and every other field both report under the observed rule.
 * Nothing is compared when both lists are empty.
 */
export function compareLists(a: ListSide, b: ListSide, rules: { idsRule?: string; stateRule: string }): Comparison {
  const compared: Mismatch[] = [];
  const mismatches: Mismatch[] = [];
  const byId = new Map(b.items.map((item) => [item.id, item]));
  if (rules.idsRule && a.items.length + b.items.length > 0) {
    const mine = new Set(a.items.map((i) => i.id));
    const onlyA = a.items.filter((i) => !byId.has(i.id)).map((i) => String(i.id));
    const onlyB = b.items.filter((i) => !mine.has(i.id)).map((i) => String(i.id));
    compared.push({ rule: rules.idsRule, detail: `${a.name} and ${b.name} list the same ${a.items.length} id(s)`, exchange: a.exchange });
    if (onlyA.length) mismatches.push({ rule: rules.idsRule, detail: `${a.name} lists ${onlyA.join(', ')}, absent from ${b.name}`, exchange: a.exchange });
    if (onlyB.length) mismatches.push({ rule: rules.idsRule, detail: `${b.name} lists ${onlyB.join(', ')}, absent from ${a.name}`, exchange: b.exchange });
  }
  for (const item of a.items) {
    const other = byId.get(item.id);
    if (!other) continue;
    const id = String(item.id);
    compared.push({ rule: rules.stateRule, detail: `${id} is ${JSON.stringify(item.status)} in ${a.name} and ${b.name}`, exchange: a.exchange });
    if (item.status !== other.status) {
      mismatches.push({ rule: rules.stateRule, detail: `${id} is ${JSON.stringify(item.status)} in ${a.name} but ${JSON.stringify(other.status)} in ${b.name}`, exchange: a.exchange });
    }
    compared.push({ rule: SHARED_FIELDS, detail: `${id}'s shared fields agree between ${a.name} and ${b.name}`, exchange: a.exchange });
    const differing = differingFields(item, other, ['status']);
    if (differing.length) {
      const shown = differing.map((k) => `${k} ${JSON.stringify(item[k])?.slice(0, 80)} vs ${JSON.stringify(other[k])?.slice(0, 80)}`).join('; ');
      mismatches.push({ rule: SHARED_FIELDS, detail: `${id} differs between ${a.name} and ${b.name}: ${shown}`, exchange: a.exchange });
    }
  }
  return { compared, mismatches };
}

/** Every document describes the same page: its page objects agree (updated_at aside, it moves with the page). */
export function comparePages(docs: FetchedDocument[]): Comparison {
  const [first, ...rest] = docs.filter((d) => isObject(d.body.page));
  if (!first) return { compared: [], mismatches: [] };
  const page = first.body.page as Item;
  const compared: Mismatch[] = [];
  const mismatches: Mismatch[] = [];
  for (const doc of rest) {
    compared.push({ rule: SHARED_FIELDS, detail: `${doc.doc.path} carries the page object of ${first.doc.path}`, exchange: doc.exchange });
    const differing = differingFields(page, doc.body.page as Item, ['updated_at']);
    if (differing.length) {
      mismatches.push({ rule: SHARED_FIELDS, detail: `the page object of ${doc.doc.path} differs from ${first.doc.path} in ${differing.map((k) => `${k} (${JSON.stringify((doc.body.page as Item)[k])} vs ${JSON.stringify(page[k])})`).join(', ')}`, exchange: doc.exchange });
    }
  }
  return { compared, mismatches };
}

export function joined(...comparisons: Comparison[]): Comparison {
  return { compared: comparisons.flatMap((c) => c.compared), mismatches: comparisons.flatMap((c) => c.mismatches) };
}
