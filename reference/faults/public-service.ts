// The public query service's known deviations from the contract (reference notes, "Known
// deviations" 1 to 16), one layer each, so a run against `--behave public` shows what a correct
// suite reports against the real service: each deviation once, under its own rule.
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { contractCallBody, isContractCall, isGet, jsonAnswer, mapQuery, okList, okObject, queryValues, relativeUrl } from './layer-tools.ts';

const TRANSACTION_PATHS = /\/api\/v1\/transactions(\/[^/]+)?/;
const SCHEDULE_PATHS = /\/api\/v1\/schedules(\/[^/]+)?/;
const INT64_MAX = 2n ** 63n - 1n;

function errorAnswer(status: number, message: string, detail?: string): LayerResponse {
  return jsonAnswer(status, { _status: { messages: [{ message, ...(detail ? { detail } : {}) }] } });
}

/** `op:value` split as the service reads filters; no operator is equality. */
function splitOperator(text: string): { op: string; value: string } {
  const at = text.indexOf(':');
  return at < 0 ? { op: '', value: text } : { op: text.slice(0, at + 1), value: text.slice(at + 1) };
}

/** The transactions of a list or lookup answer. */
function transactionsOf(req: LayerRequest, res: LayerResponse): Array<Record<string, any>> {
  return isGet(req, TRANSACTION_PATHS) ? okList(res, 'transactions') ?? [] : [];
}

/** Sets links.next and the Link header that repeats it. */
function setNext(res: LayerResponse, next: string): void {
  okObject(res)!.links.next = next;
  res.headers.link = `<${next}>; rel="next"`;
}

/** A 64-bit encoded entity number as the service decodes it: 10 bits shard, 16 realm, 38 num. */
function decodeEntityNumber(n: bigint): string {
  return `${n >> 54n}.${(n >> 38n) & 0xffffn}.${n & (2n ** 38n - 1n)}`;
}

/**
 * What the public service makes of an entity ID beyond the contract's pattern: `realm.num`, a bare
 * number of up to 19 digits (64-bit encoded) or an EVM address become an ID; a number beyond
 * int64 is the out-of-range error. Undefined: the contract's own forms, left to the reference.
 */
function widenEntityId(text: string): string | { outOfRange: true } | undefined {
  if (/^\d{1,10}\.\d{1,10}$/.test(text)) return `0.${text}`;
  if (/^\d{11,}$/.test(text)) return text.length <= 19 && BigInt(text) <= INT64_MAX ? decodeEntityNumber(BigInt(text)) : { outOfRange: true };
  const evm = /^(?:0x)?([0-9a-fA-F]{40})$/.exec(text);
  if (evm) {
    // A long-zero address carries its entity number; any other address resolves to no account here.
    const hex = evm[1]!;
    return /^0{24}/.test(hex) && BigInt(`0x${hex.slice(24)}`) < 10n ** 10n ? `0.0.${BigInt(`0x${hex.slice(24)}`)}` : '0.0.9999999999';
  }
  return undefined;
}

const ID_PARAMETERS = ['account.id', 'schedule.id'];

/** 1. limit above 100 answers 200 with 100 items. */
const limitCapped: Layer = {
  name: 'public-limit-above-100-capped',
  interface: 'ledger-query',
  rules: ['LQ-4.1-limit-range', 'LQ-4.2-limit-range'],
  description: 'limit=101 and above answer 200 with 100 items instead of 400.',
  request(req) {
    if (req.method === 'GET') mapQuery(req, 'limit', (v) => (/^\d+$/.test(v) && BigInt(v) > 100n ? '100' : v));
  },
};

/** 2. max_fee and valid_duration_seconds are JSON strings. */
const integersAsStrings: Layer = {
  name: 'public-transaction-integers-as-strings',
  interface: 'ledger-query',
  rules: ['LQ-2.3-transaction-fields'],
  description: 'A transaction carries max_fee and valid_duration_seconds as strings, not integers.',
  response(req, res) {
    for (const tx of transactionsOf(req, res)) {
      for (const field of ['max_fee', 'valid_duration_seconds']) if (typeof tx[field] === 'number') tx[field] = String(tx[field]);
    }
  },
};

/** Requests whose ID values a layer replaced with one the reference refuses: the value as sent, by parameter. */
const refusedIds = new WeakMap<LayerRequest, Map<string, string>>();
/** A value the reference refuses as it refuses any malformed ID, naming its parameter with the others. */
const REFUSED = 'refused';

function refuse(req: LayerRequest, entry: [string, string], original: string): void {
  if (!refusedIds.has(req)) refusedIds.set(req, new Map());
  refusedIds.get(req)!.set(entry[0].toLowerCase(), original);
  entry[1] = REFUSED;
}

/** 3. More entity-ID forms than the pattern; out-of-range numbers answered without naming the parameter. */
const entityIdForms: Layer = {
  name: 'public-entity-id-forms-beyond-pattern',
  interface: 'ledger-query',
  rules: ['LQ-4.1-account-id-pattern', 'LQ-4.1-schedule-id-pattern', 'LQ-4.5-topic-id-entity-id', 'LQ-7-message-names-parameter'],
  description: 'realm.num, bare numbers of up to 19 digits and EVM addresses are accepted as entity IDs; an out-of-range number gets `Invalid entity ID "..."`.',
  request(req) {
    if (req.method !== 'GET') return;
    const topic = /^\/api\/v1\/topics\/([^/]+)$/.exec(req.path);
    if (topic) {
      const widened = widenEntityId(decodeURIComponent(topic[1]!));
      if (widened && typeof widened !== 'string') return errorAnswer(400, `Invalid entity ID "${topic[1]}"`);
      if (widened) req.path = `/api/v1/topics/${widened}`;
    }
    for (const entry of req.query) {
      if (!ID_PARAMETERS.includes(entry[0].toLowerCase())) continue;
      const { op, value } = splitOperator(entry[1]);
      const widened = widenEntityId(value);
      if (widened && typeof widened !== 'string') refuse(req, entry, value);
      else if (widened) entry[1] = `${op}${widened}`;
    }
  },
  response(req, res) {
    const refused = refusedIds.get(req);
    if (!refused) return;
    const messages = (okBody(res) as { _status?: { messages?: Array<{ message?: unknown }> } } | undefined)?._status?.messages;
    if (!messages) return;
    // The out-of-range message quotes the value and leaves the parameter unnamed.
    for (const m of messages) {
      const name = [...refused.keys()].find((n) => String(m.message).toLowerCase().includes(n));
      if (name) m.message = `Invalid entity ID "${refused.get(name)}"`;
    }
  },
};

/** 4a. gas below 21000 is refused. */
const gasBelowIntrinsic: Layer = {
  name: 'public-call-gas-below-21000-refused',
  interface: 'ledger-query',
  rules: ['LQ-4.3-gas-minimum'],
  description: 'A contract call with gas from 0 to 20999 is refused with 400 (the contract allows 0 and up).',
  request(req) {
    const gas = contractCallBody(req)?.gas;
    if (typeof gas === 'number' && Number.isInteger(gas) && gas >= 0 && gas < 21000) {
      return errorAnswer(400, 'Bad Request', 'gas field must be greater than or equal to 21000');
    }
  },
};

/** 4b. `to` may be left out. */
const toOptional: Layer = {
  name: 'public-call-without-to-accepted',
  interface: 'ledger-query',
  rules: ['LQ-4.3-to-required'],
  description: 'A contract call without `to` is executed (as a deployment, answering 0x) instead of rejected.',
  request(req) {
    const body = contractCallBody(req);
    if (body && !('to' in body)) return jsonAnswer(200, { result: '0x' });
  },
};

/** 4c. data is accepted up to 1048576 hex characters. */
const longData: Layer = {
  name: 'public-call-data-up-to-1048576',
  interface: 'ledger-query',
  rules: ['LQ-4.3-data-max-length'],
  description: 'Contract call data longer than 262146 characters is accepted, up to 1048576.',
  request(req) {
    const body = contractCallBody(req);
    const data = body?.data;
    if (typeof data !== 'string' || data.length <= 262146 || data.length > 1048576 || !/^(0x)?[0-9a-fA-F]+$/.test(data)) return;
    // The call runs on the accepted length: the rest of the payload makes no difference to the answer.
    const prefix = data.startsWith('0x') ? 2 : 0;
    body!.data = data.slice(0, prefix + 262144);
  },
};

/** 4d. Errors that do not come from the EVM carry data "". */
const emptyErrorData: Layer = {
  name: 'public-call-error-data-empty',
  interface: 'ledger-query',
  rules: ['LQ-2.5-error-data-hex'],
  description: 'Contract call errors that do not come from the EVM carry data "" (not hex text).',
  response(req, res) {
    if (!isContractCall(req) || res.status < 400) return;
    const messages = (okBody(res) as { _status?: { messages?: Array<Record<string, unknown>> } } | undefined)?._status?.messages ?? [];
    for (const m of messages) if (m.message !== 'CONTRACT_REVERT_EXECUTED' && (m.data === undefined || m.data === null)) m.data = '';
  },
};

function okBody(res: LayerResponse): unknown {
  return typeof res.body === 'object' && res.body !== null ? res.body : undefined;
}

/** Timestamp filters of a transaction list request, as [op, value]. */
function timestampFilters(req: LayerRequest): Array<{ op: string; value: string }> {
  return queryValues(req, 'timestamp').map(splitOperator);
}

/** 5. timestamp=ne:X or timestamp=X alone, on a full page, links to itself. */
const selfLink: Layer = {
  name: 'public-timestamp-ne-or-eq-next-repeats-request',
  interface: 'ledger-query',
  rules: ['LQ-4-pagination-ends'],
  description: 'With timestamp=ne:X or timestamp=X and a full page, links.next repeats the request itself: the walk never ends.',
  response(req, res) {
    if (!isGet(req, '/api/v1/transactions') || !okObject(res)?.links?.next) return;
    const filters = timestampFilters(req);
    if (filters.length === 0 || !filters.every((f) => f.op === '' || f.op === 'eq:' || f.op === 'ne:')) return;
    setNext(res, relativeUrl(req.path, req.query));
  },
};

/** 6. Query keys with brackets answer 500. */
const bracketedKeys: Layer = {
  name: 'public-bracketed-keys-500',
  interface: 'ledger-query',
  rules: ['LQ-7-bracketed-keys-400', 'LQ-7-no-server-error'],
  description: 'A query key with brackets (limit[x]=1) answers 500 instead of 400.',
  request(req) {
    if (req.method === 'GET' && req.query.some(([k]) => /[[\]]/.test(k))) return errorAnswer(500, 'Internal Server Error');
  },
};

/** 7. Fields the contract types non-null are null in practice. */
const nullableInPractice: Layer = {
  name: 'public-transaction-fields-null-in-practice',
  interface: 'ledger-query',
  rules: ['LQ-2.3-transaction-fields'],
  description: 'entity_id is null on crypto transfers, node on child transactions, parent_consensus_timestamp on every transaction that is not a child.',
  response(req, res) {
    for (const tx of transactionsOf(req, res)) {
      if (tx.name === 'CRYPTOTRANSFER') tx.entity_id = null;
      if (typeof tx.nonce === 'number' && tx.nonce > 0) tx.node = null;
      else tx.parent_consensus_timestamp = null;
    }
  },
};

/** 8. Base64 from the database has a line break every 76 characters. */
const base64LineBreaks: Layer = {
  name: 'public-signature-base64-line-breaks',
  interface: 'ledger-query',
  rules: ['LQ-2.2-base64-fields'],
  description: 'A schedule signature longer than 76 base64 characters carries a line break after every 76.',
  response(req, res) {
    if (!isGet(req, SCHEDULE_PATHS)) return;
    const schedules = okList(res, 'schedules') ?? (okObject(res)?.signatures ? [okObject(res)!] : []);
    for (const schedule of schedules) {
      for (const sig of schedule.signatures ?? []) {
        if (typeof sig.signature === 'string' && sig.signature.length > 76) sig.signature = sig.signature.match(/.{1,76}/g)!.join('\n');
      }
    }
  },
};

/**
 * 9. timestamp filters from 9223372037 seconds on answer 503. The service validates the request
 * first and overflows only when it queries: a request it would refuse (a bad operator, another
 * invalid parameter) keeps its 400, so the 503 replaces answers the reference gave as 200.
 */
const hugeTimestamp: Layer = {
  name: 'public-huge-timestamp-503',
  interface: 'ledger-query',
  rules: ['LQ-7-no-server-error'],
  description: 'A valid request with a timestamp filter of 9223372037 seconds or more answers 503 (its nanoseconds overflow int64).',
  response(req, res) {
    if (req.method !== 'GET' || res.status !== 200) return;
    const huge = timestampFilters(req).some(({ value }) => /^\d{1,10}(\.\d{1,9})?$/.test(value) && BigInt(value.split('.')[0]!) >= 9223372037n);
    if (!huge) return;
    const answer = errorAnswer(503, 'Service Unavailable');
    res.status = answer.status;
    res.body = answer.body;
    // The page's own headers (next link, validator, caching) do not belong to the failure.
    for (const name of ['link', 'etag', 'cache-control']) delete res.headers[name];
  },
};

/** 10. Shard and realm parts longer than 4 and 5 digits are refused, zeros included. */
const longShardRealm: Layer = {
  name: 'public-long-shard-realm-refused',
  interface: 'ledger-query',
  rules: ['LQ-4.1-account-id-pattern', 'LQ-4.1-schedule-id-pattern', 'LQ-4.5-topic-id-entity-id'],
  description: 'Entity IDs with more than 4 shard digits or 5 realm digits answer 400 even when those parts are zeros (0.000000.0).',
  request(req) {
    if (req.method !== 'GET') return;
    const tooLong = (id: string) => /^(\d{5,}\.\d+|\d+\.\d{6,})\.\d+$/.test(id);
    const topic = /^\/api\/v1\/topics\/([^/]+)$/.exec(req.path);
    if (topic && tooLong(topic[1]!)) req.path = `/api/v1/topics/${REFUSED}`;
    // The refusal names the parameter, alongside the request's other invalid parameters.
    for (const entry of req.query) if (ID_PARAMETERS.includes(entry[0].toLowerCase()) && tooLong(splitOperator(entry[1]).value)) entry[1] = REFUSED;
  },
};

/** 11. Six paths of the 4.6 table do not exist on the public service. */
const MISSING_PATHS = [
  /\/api\/v1\/contracts\/logs/,
  /\/api\/v1\/tokens\/balances/,
  /\/api\/v1\/tokens\/nfts/,
  /\/api\/v1\/contracts\/[^/]+\/results\/opcodes/,
  /\/api\/v1\/contracts\/results\/\d{1,10}(\.\d{1,9})?/,
  /\/api\/v1\/contracts\/results\/[^/]+\/results/,
];
const missingPaths: Layer = {
  name: 'public-missing-four-six-paths',
  interface: 'ledger-query',
  rules: ['LQ-4.6-endpoints-answer', 'LQ-4.6-lookup-by-discovered-id'],
  description: 'Six paths of the 4.6 table answer 404 as unknown routes: contracts/logs, tokens/balances and tokens/nfts (judged as lists), contract opcodes, results by timestamp and result actions (judged as lookups).',
  request(req) {
    if (req.method === 'GET' && MISSING_PATHS.some((p) => isGet(req, p))) return errorAnswer(404, 'Not found');
  },
};

/** 12. With ne:X and a range bound, links.next drops the bound. */
const neDropsBound: Layer = {
  name: 'public-timestamp-ne-next-drops-bound',
  interface: 'ledger-query',
  rules: ['LQ-4-pagination-walk'],
  description: 'With timestamp=ne:X&timestamp=lt:Y (or another bound), links.next drops the bound: the walk leaves the range.',
  response(req, res) {
    if (!isGet(req, '/api/v1/transactions')) return;
    const next = okObject(res)?.links?.next;
    if (typeof next !== 'string') return;
    const filters = timestampFilters(req);
    const bounds = new Set(filters.filter((f) => /^(gt|gte|lt|lte):$/.test(f.op)).map((f) => `${f.op}${f.value}`));
    if (!filters.some((f) => f.op === 'ne:') || bounds.size === 0) return;
    const url = new URL(next, 'http://service');
    const entries = [...url.searchParams];
    // The last timestamp entry is the cursor; the request's own bounds before it are dropped.
    const cursor = entries.map(([k]) => k).lastIndexOf('timestamp');
    const kept = entries.filter(([k, v], i) => !(k === 'timestamp' && bounds.has(v) && i !== cursor));
    setNext(res, relativeUrl(url.pathname, kept));
  },
};

/** 13. Mints and burns leave one side of an NFT transfer null; staking reward accounts are ID strings. */
const transferObjectsAsSeen: Layer = {
  name: 'public-transfer-objects-as-seen',
  interface: 'ledger-query',
  rules: ['LQ-2.3-transfer-objects'],
  description: 'An NFT mint carries sender_account_id null and a burn receiver_account_id null; staking_reward_transfers[].account is an entity-ID string, not an integer.',
  response(req, res) {
    for (const tx of transactionsOf(req, res)) {
      for (const nft of tx.nft_transfers ?? []) {
        if (tx.name === 'TOKENMINT') nft.sender_account_id = null;
        if (tx.name === 'TOKENBURN') nft.receiver_account_id = null;
      }
      for (const reward of tx.staking_reward_transfers ?? []) if (typeof reward.account === 'number') reward.account = `0.0.${reward.account}`;
    }
  },
};

/** 14. schedule.id=ne:X or schedule.id=X alone, on a full page, links to itself. */
const scheduleSelfLink: Layer = {
  name: 'public-schedule-id-ne-or-eq-next-repeats-request',
  interface: 'ledger-query',
  rules: ['LQ-4-pagination-ends'],
  description: 'With schedule.id=ne:X or schedule.id=X and a full page, links.next repeats the request itself: the walk never ends.',
  response(req, res) {
    if (!isGet(req, '/api/v1/schedules') || !okObject(res)?.links?.next) return;
    const filters = queryValues(req, 'schedule.id').map(splitOperator);
    if (filters.length === 0 || !filters.every((f) => f.op === '' || f.op === 'eq:' || f.op === 'ne:')) return;
    setNext(res, relativeUrl(req.path, req.query));
  },
};

/** 15. A topic message cannot be looked up by its consensus timestamp under the topic. */
const topicMessageByTimestamp: Layer = {
  name: 'public-topic-message-by-timestamp-missing',
  interface: 'ledger-query',
  rules: ['LQ-4.6-lookup-by-discovered-id'],
  description: '/topics/{id}/messages/{consensusTimestamp} answers 400 `Invalid parameter: sequencenumber`: the service reads the segment as a sequence number only.',
  request(req) {
    if (isGet(req, /\/api\/v1\/topics\/[^/]+\/messages\/\d+\.\d+/)) return errorAnswer(400, 'Invalid parameter: sequencenumber');
  },
};

/** The largest number the service's 64-bit entity encoding holds (38 bits); shard has 10, realm 16. */
const ENTITY_NUM_MAX = 2n ** 38n - 1n;

/**
 * What the service makes of `shard.realm.num` with the shard and realm digits deviation 10 leaves:
 * refused beyond its encoding, taken with a number of more than 10 digits inside it (which the pattern
 * refuses). Undefined: nothing of this deviation's.
 */
function entityRange(id: string): 'refused' | 'taken' | undefined {
  const parts = /^(\d{1,4})\.(\d{1,5})\.(\d+)$/.exec(id);
  if (!parts) return undefined;
  if (BigInt(parts[1]!) > 1023n || BigInt(parts[2]!) > 65535n || BigInt(parts[3]!) > ENTITY_NUM_MAX) return 'refused';
  return parts[3]!.length > 10 ? 'taken' : undefined;
}

/** 16. Entity-ID ranges are the service's encoding, not the pattern's digit counts. */
const entityIdRanges: Layer = {
  name: 'public-entity-id-ranges',
  interface: 'ledger-query',
  rules: ['LQ-4.1-account-id-pattern', 'LQ-4.1-schedule-id-pattern', 'LQ-7-message-names-parameter'],
  description: 'account.id and schedule.id with a shard above 1023, a realm above 65535 or a number above 274877906943 answer 400 `Invalid entity ID "..."`; numbers of more than 10 digits up to 274877906943 are taken.',
  request(req) {
    if (req.method !== 'GET') return;
    for (const entry of req.query) {
      if (!ID_PARAMETERS.includes(entry[0].toLowerCase())) continue;
      const { op, value } = splitOperator(entry[1]);
      const range = entityRange(value);
      if (range === 'refused') refuse(req, entry, value);
      // Read as its value; one beyond the reference's ten digits names no entity, as its largest ID does not either.
      else if (range === 'taken') entry[1] = `${op}${value.replace(/\d+$/, (n) => String(BigInt(n) <= 9999999999n ? BigInt(n) : 9999999999n))}`;
    }
  },
};

export const PUBLIC_SERVICE_LAYERS: Layer[] = [
  limitCapped, integersAsStrings, entityIdForms, gasBelowIntrinsic, toOptional, longData, emptyErrorData,
  selfLink, bracketedKeys, nullableInPractice, base64LineBreaks, hugeTimestamp, longShardRealm, missingPaths, neDropsBound,
  transferObjectsAsSeen, scheduleSelfLink, topicMessageByTimestamp, entityIdRanges,
];
