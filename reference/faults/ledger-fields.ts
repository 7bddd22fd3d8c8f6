// Query-service faults on answer fields: types, formats, enums and nullability of schedules,
// transactions and topics (sections 2.1 to 2.4, 3).
import type { Layer, LayerRequest, LayerResponse } from './layer.ts';
import { isGet, okList, okObject } from './layer-tools.ts';

type Item = Record<string, any>;

/** The schedules of a schedule list or lookup answer. */
function schedules(req: LayerRequest, res: LayerResponse): Item[] {
  if (isGet(req, '/api/v1/schedules')) return okList(res, 'schedules') ?? [];
  const one = isGet(req, /\/api\/v1\/schedules\/[^/]+/) ? okObject(res) : undefined;
  return one ? [one] : [];
}

/** The transactions of a transaction list or lookup answer. */
function transactions(req: LayerRequest, res: LayerResponse): Item[] {
  return isGet(req, /\/api\/v1\/transactions(\/[^/]+)?/) ? okList(res, 'transactions') ?? [] : [];
}

function schedulesField(name: string, rules: string[], description: string, edit: (s: Item) => void): Layer {
  return { name, interface: 'ledger-query', rules, description, response: (req, res) => schedules(req, res).forEach(edit) };
}

function transactionsField(name: string, rules: string[], description: string, edit: (t: Item) => void): Layer {
  return { name, interface: 'ledger-query', rules, description, response: (req, res) => transactions(req, res).forEach(edit) };
}

export const LEDGER_FIELD_FAULTS: Layer[] = [
  schedulesField('schedules-timestamp-as-number', ['LQ-2.1-timestamp-pattern', 'LQ-2.2-schedule-fields'],
    'Schedules carry consensus_timestamp as a JSON number instead of a seconds.nanoseconds string.',
    (s) => { s.consensus_timestamp = Number(s.consensus_timestamp); }),
  schedulesField('schedules-key-type-lowercase', ['LQ-2.1-key-shape', 'LQ-2.2-schedule-fields'],
    'Schedule admin keys carry _type in lower case (ed25519) instead of the contract\'s names.',
    (s) => { if (s.admin_key?._type) s.admin_key._type = String(s.admin_key._type).toLowerCase(); }),
  schedulesField('schedules-signature-type-unlisted', ['LQ-2.2-signature-type-enum', 'LQ-2.2-signature-fields'],
    'Schedule signatures of ECDSA keys report the type SECP256K1, which is not in the contract\'s list.',
    (s) => { for (const sig of s.signatures ?? []) if (String(sig.type).startsWith('ECDSA')) sig.type = 'SECP256K1'; }),
  schedulesField('schedules-body-hex-not-base64', ['LQ-2.2-base64-fields', 'LQ-2.2-schedule-fields'],
    'Schedules carry transaction_body as 0x-hex instead of base64.',
    (s) => { if (typeof s.transaction_body === 'string') s.transaction_body = `0x${Buffer.from(s.transaction_body, 'base64').toString('hex')}`; }),
  schedulesField('schedules-executed-timestamp-omitted', ['LQ-3-schedule-state-fields', 'LQ-2.2-schedule-fields'],
    'Schedules not yet executed leave executed_timestamp out instead of giving null.',
    (s) => { if (s.executed_timestamp === null) delete s.executed_timestamp; }),
  schedulesField('schedules-deleted-as-string', ['LQ-3-schedule-state-fields', 'LQ-2.2-schedule-fields'],
    'Schedules carry deleted as the string "true"/"false" instead of a boolean.',
    (s) => { s.deleted = String(s.deleted); }),
  schedulesField('schedules-memo-null', ['LQ-2.2-schedule-fields'],
    'Schedules give memo null, which the contract does not allow (memo is a string).',
    (s) => { if (typeof s.memo === 'string') s.memo = null; }),
  transactionsField('transactions-fee-as-string', ['LQ-2.3-transaction-fields'],
    'Transactions carry charged_tx_fee as a decimal string instead of a JSON integer.',
    (t) => { t.charged_tx_fee = String(t.charged_tx_fee); }),
  transactionsField('transactions-node-two-part-id', ['LQ-2.1-entity-id-pattern', 'LQ-2.3-transaction-fields'],
    'Transactions give the node as realm.num (0.3) instead of shard.realm.num.',
    (t) => { if (typeof t.node === 'string') t.node = t.node.split('.').slice(1).join('.'); }),
  transactionsField('transactions-id-at-form', ['LQ-2.1-transaction-id-format', 'LQ-2.3-transaction-fields'],
    'Transactions write transaction_id in the SDK form payer@seconds.nanos instead of payer-seconds-nanos.',
    (t) => { t.transaction_id = String(t.transaction_id).replace(/^(\d+\.\d+\.\d+)-(\d+)-(\d+)$/, '$1@$2.$3'); }),
  transactionsField('transactions-name-lowercase', ['LQ-2.3-transaction-name-enum'],
    'Transactions give their name in lower case (cryptotransfer).',
    (t) => { t.name = String(t.name).toLowerCase(); }),
  transactionsField('transactions-amount-as-string', ['LQ-2.3-transfer-objects', 'LQ-2.3-transaction-fields'],
    'Transfer amounts are decimal strings instead of JSON integers.',
    (t) => { for (const tr of t.transfers ?? []) tr.amount = String(tr.amount); }),
  transactionsField('transactions-debits-positive', ['LQ-2.3-debit-negative'],
    'Transfer amounts lose their sign: debits are written as positive amounts.',
    (t) => { for (const tr of t.transfers ?? []) tr.amount = Math.abs(Number(tr.amount)); }),
  transactionsField('transactions-timestamp-ten-digit-fraction', ['LQ-2.1-timestamp-pattern', 'LQ-2.3-transaction-fields'],
    'Transactions write consensus_timestamp with ten fraction digits (a trailing zero).',
    (t) => { t.consensus_timestamp = `${t.consensus_timestamp}0`; }),
  transactionsField('duplicates-not-charged', ['LQ-1-duplicates-charged'],
    'Duplicate entries of a transaction ID are shown with charged_tx_fee 0.',
    (t) => { if (t.result === 'DUPLICATE_TRANSACTION') t.charged_tx_fee = 0; }),
  {
    name: 'topics-field-omitted',
    interface: 'ledger-query',
    rules: ['LQ-2.4-topic-fields', 'LQ-4.5-topic-lookup'],
    description: 'A topic leaves out auto_renew_period.',
    response(req, res) {
      const topic = isGet(req, /\/api\/v1\/topics\/[^/]+/) ? okObject(res) : undefined;
      if (topic) delete topic.auto_renew_period;
    },
  },
];
