// Parameter rules shared by the list endpoints: entity-ID, timestamp and integer filters with
// operators, and public keys.
import { entityOrderKey, parseQueryEntityId } from './entity-id.ts';
import { parseTimestamp } from './ledger-timestamp.ts';
import { operatorFilter, type Filter, type Operator, type ParamRule } from './query-params.ts';

/** An entity filter value: the ordering key (numeric text) of `[op:](0.0.)N`. */
export function entityFilterRule(name: string, allowed?: readonly Operator[]): ParamRule {
  return { name, parse: operatorFilter((text) => { const id = parseQueryEntityId(text); return id ? entityOrderKey(id) : undefined; }, allowed) };
}

export function timestampFilterRule(name = 'timestamp', allowed?: readonly Operator[]): ParamRule {
  return { name, parse: operatorFilter((text) => parseTimestamp(text)?.toString(), allowed) };
}

/** Integer filter such as a serial or sequence number: 1 to 19 digits. */
export function integerFilterRule(name: string, allowed?: readonly Operator[]): ParamRule {
  return { name, parse: operatorFilter((text) => (/^\d{1,19}$/.test(text) && BigInt(text) <= 9_223_372_036_854_775_807n ? text : undefined), allowed) };
}

/** A public key in hex (0x optional), compared as stored: lowercase without 0x. */
export function publicKeyRule(name: string): ParamRule {
  return { name, single: true, parse: (v) => (/^(0x)?[0-9a-fA-F]{64,70}$/.test(v) ? v.replace(/^0x/, '').toLowerCase() : undefined) };
}

export type EntityFilter = Filter<string>;
