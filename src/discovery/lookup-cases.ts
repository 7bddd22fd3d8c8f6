import type { Check } from '../harness/rule-test.ts';
import { discover } from './discover.ts';

/** One way to address an existing entity on a templated path, with IDs taken from the target's lists. */
export interface LookupCase {
  params: Record<string, string>;
  /** Which list and which form the IDs come from, for messages. */
  form: string;
  /** When the answer is the entity itself: the field that must name it. */
  identity?: { field: string; value: string };
}

type Item = Record<string, unknown>;

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
}

/** The first item of a list whose `field` holds a usable value (skips the test when there is none). */
async function firstWith(t: Check, what: string, path: string, listKey: string, field: string, query?: Array<[string, string]>): Promise<Item> {
  const [item] = await discover<Item>(t, what, path, listKey, { where: (i) => text(i[field]) !== undefined, ...(query ? { query } : {}) });
  return item!;
}

const account = (t: Check) => firstWith(t, 'accounts', '/api/v1/accounts', 'accounts', 'account');
const contract = (t: Check) => firstWith(t, 'contracts', '/api/v1/contracts', 'contracts', 'contract_id');
const contractResult = (t: Check) => firstWith(t, 'contract results with a hash', '/api/v1/contracts/results', 'results', 'hash');
const nft = (t: Check) => firstWith(t, 'NFTs', '/api/v1/tokens/nfts', 'nfts', 'serial_number');

/** A topic with messages, found through the message submissions in the transaction list. */
async function topicWithMessages(t: Check): Promise<string> {
  const submission = await firstWith(t, 'topic message submissions', '/api/v1/transactions', 'transactions', 'entity_id',
    [['transactiontype', 'CONSENSUSSUBMITMESSAGE'], ['result', 'success'], ['limit', '25']]);
  return text(submission.entity_id)!;
}

async function accountCase(t: Check): Promise<LookupCase[]> {
  const id = text((await account(t)).account)!;
  return [{ params: { idOrAliasOrEvmAddress: id }, form: `account ${id}` }];
}

async function contractCase(t: Check, param: string): Promise<LookupCase[]> {
  const id = text((await contract(t)).contract_id)!;
  return [{ params: { [param]: id }, form: `contract ${id}` }];
}

/**
 * For every templated GET operation of the query document: how to find IDs on the target. The
 * contract does not show these endpoints' fields; the names are those the public service uses.
 */
export const LOOKUP_CASES: Record<string, (t: Check) => Promise<LookupCase[]>> = {
  async getSchedule(t) {
    const id = text((await firstWith(t, 'schedules', '/api/v1/schedules', 'schedules', 'schedule_id')).schedule_id)!;
    return [{ params: { id }, form: `schedule ${id}`, identity: { field: 'schedule_id', value: id } }];
  },
  async getTransaction(t) {
    const id = text((await firstWith(t, 'transactions', '/api/v1/transactions', 'transactions', 'transaction_id')).transaction_id)!;
    return [{ params: { id }, form: `transaction ${id}` }];
  },
  async getAccount(t) {
    return (await accountCase(t)).map((c) => ({ ...c, identity: { field: 'account', value: c.params.idOrAliasOrEvmAddress! } }));
  },
  listCryptoAllowances: accountCase,
  listTokenAllowances: accountCase,
  listNftAllowances: accountCase,
  listStakingRewards: accountCase,
  listOutstandingAirdrops: accountCase,
  listPendingAirdrops: accountCase,
  listAccountNfts: accountCase,
  async getContract(t) {
    const item = await contract(t);
    const id = text(item.contract_id)!;
    const cases: LookupCase[] = [{ params: { contractIdOrAddress: id }, form: `contract ${id}`, identity: { field: 'contract_id', value: id } }];
    const address = text(item.evm_address);
    if (address) cases.push({ params: { contractIdOrAddress: address }, form: `contract ${id} by EVM address ${address}`, identity: { field: 'contract_id', value: id } });
    return cases;
  },
  listContractResultsOfContract: (t) => contractCase(t, 'contractIdOrAddress'),
  listContractState: (t) => contractCase(t, 'id'),
  listContractLogsOfContract: (t) => contractCase(t, 'id'),
  async getContractOpcodes(t) {
    // The contract's path names a contract (`/contracts/{id}/...`): one with a recorded result to trace.
    const id = text((await firstWith(t, 'contract results with a contract', '/api/v1/contracts/results', 'results', 'contract_id')).contract_id)!;
    return [{ params: { id }, form: `contract ${id} (has results)` }];
  },
  async getContractResult(t) {
    const item = await contractResult(t);
    const cases: LookupCase[] = [{ params: { transactionIdOrHashOrTimestamp: text(item.hash)! }, form: `contract result by hash ${text(item.hash)}` }];
    const timestamp = text(item.timestamp);
    if (timestamp) cases.push({ params: { transactionIdOrHashOrTimestamp: timestamp }, form: `contract result by timestamp ${timestamp}` });
    return cases;
  },
  async listContractActions(t) {
    const hash = text((await contractResult(t)).hash)!;
    return [{ params: { transactionIdOrHash: hash }, form: `contract result ${hash}` }];
  },
  async getToken(t) {
    const id = text((await firstWith(t, 'tokens', '/api/v1/tokens', 'tokens', 'token_id')).token_id)!;
    return [{ params: { id }, form: `token ${id}`, identity: { field: 'token_id', value: id } }];
  },
  async getNft(t) {
    const serial = text((await nft(t)).serial_number)!;
    return [{ params: { serialNumber: serial }, form: `NFT serial ${serial}` }];
  },
  async listNftTransactions(t) {
    const serial = text((await nft(t)).serial_number)!;
    return [{ params: { id: serial }, form: `NFT serial ${serial}` }];
  },
  async listTopicMessages(t) {
    const topic = await topicWithMessages(t);
    return [{ params: { id: topic }, form: `topic ${topic}` }];
  },
  async getTopicMessage(t) {
    const topic = await topicWithMessages(t);
    const message = await firstWith(t, `messages of topic ${topic}`, `/api/v1/topics/${topic}/messages`, 'messages', 'sequence_number', [['limit', '5']]);
    const cases: LookupCase[] = [{ params: { id: topic, sequenceNumberOrTimestamp: text(message.sequence_number)! }, form: `message ${text(message.sequence_number)} of topic ${topic}` }];
    const timestamp = text(message.consensus_timestamp);
    if (timestamp) cases.push({ params: { id: topic, sequenceNumberOrTimestamp: timestamp }, form: `message of topic ${topic} at ${timestamp}` });
    return cases;
  },
  async getBlock(t) {
    const block = await firstWith(t, 'blocks', '/api/v1/blocks', 'blocks', 'number');
    const cases: LookupCase[] = [{ params: { hash_or_number: text(block.number)! }, form: `block ${text(block.number)}` }];
    const hash = text(block.hash);
    if (hash) cases.push({ params: { hash_or_number: hash }, form: `block ${text(block.number)} by hash` });
    return cases;
  },
};

/** The operation's path with its parameters filled in (percent-encoded). */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${template}`);
    return encodeURIComponent(value);
  });
}
