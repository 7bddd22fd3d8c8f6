import { parseIsoInstant } from './status-iso-instant.ts';
import type { Item } from './status-documents.ts';

/**
 * Items a capped "most recent" list should hold but does not (contract section 8). Below the cap
 * the list must hold every item; at the cap only items newer than its oldest entry. The contract
 * does not say which time orders a list, so an item counts as newer only when it is newer by
 * every one of `timeKeys` (created_at and the start of the incident or window).
 */
export function leftOutOfMostRecent(list: Item[], cap: number, candidates: Item[], timeKeys: string[]): Item[] {
  const listed = new Set(list.map((item) => item.id));
  const missing = candidates.filter((item) => !listed.has(item.id));
  if (list.length < cap) return missing;
  const oldest = timeKeys.map((key) => Math.min(...list.map((item) => parseIsoInstant(item[key]) ?? Infinity)));
  return missing.filter((item) => timeKeys.every((key, i) => (parseIsoInstant(item[key]) ?? -Infinity) > oldest[i]!));
}
