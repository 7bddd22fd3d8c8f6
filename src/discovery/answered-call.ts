import type { Check } from '../harness/rule-test.ts';
import { mapCases, partsAtOnce } from '../harness/cases-at-once.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { knownCallBody, knownCallsFor } from '../known-calls/known-calls.ts';
import { discover } from './discover.ts';
import { exactJsonText } from '../json/exact-json.ts';
import { refusalNames } from '../checks/contract-call-rejection.ts';
import { viewCalls } from './view-calls.ts';

const CONTRACT_CALL_PATH = '/api/v1/contracts/call';

export interface CallBody {
  to: string;
  data?: string;
  [field: string]: unknown;
}

export interface AnsweredCall {
  body: CallBody;
  exchange: Exchange;
  /** Where the call data came from, for notes and skip reasons. */
  origin: string;
}

const ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const CALL_DATA = /^(0x)?[0-9a-fA-F]{8,}$/;
/** Attempts are bounded: a target that answers none of them gets a skip, not a long search. */
const MAX_ATTEMPTS = 6;

/** EVM addresses (0x, lower case) of contracts on the target's own contract list; skips when there are none. */
export async function listedContractAddresses(t: Check): Promise<string[]> {
  const contracts = await discover<{ evm_address?: unknown }>(t, 'contracts with an EVM address', '/api/v1/contracts', 'contracts', {
    where: (c) => typeof c.evm_address === 'string' && ADDRESS.test(c.evm_address),
  });
  return [...new Set(contracts.map((c) => String(c.evm_address).toLowerCase().replace(/^(0x)?/, '0x')))];
}

export function sendCall(t: Check, body: unknown, contentType = 'application/json'): Promise<Exchange> {
  return t.send({ method: 'POST', url: CONTRACT_CALL_PATH, body: typeof body === 'string' ? body : exactJsonText(body), contentType });
}

/**
 * Calls to try, on contracts taken from the target's own list: known calls for that contract, then
 * the target's recorded successful contract results, then (unless data is needed) no data at all.
 * `withFields` are added to every body (a control that names a default explicitly).
 */
async function callCandidates(t: Check, options: { needData?: boolean; withFields?: Record<string, unknown> }): Promise<Array<{ body: CallBody; origin: string }>> {
  // The contract list and the recorded results do not depend on each other: asked side by side.
  let listed = new Set<string>();
  let results: Exchange | undefined;
  await partsAtOnce(t, [
    async () => {
      listed = new Set(await listedContractAddresses(t));
    },
    async () => {
      results = await t.get('/api/v1/contracts/results', [['limit', '25']]);
    },
  ]);
  const candidates: Array<{ body: CallBody; origin: string }> = [];
  for (const known of knownCallsFor(t.config)) {
    if (known.expectedResult !== undefined && known.block === undefined && listed.has(known.to.toLowerCase())) {
      candidates.push({ body: knownCallBody(known), origin: `known call "${known.description}"` });
    }
  }
  const recorded = (responseJson(results!) as { results?: Array<Record<string, unknown>> } | undefined)?.results ?? [];
  for (const r of recorded) {
    const to = typeof r.to === 'string' ? r.to.toLowerCase() : '';
    if (listed.has(to) && typeof r.function_parameters === 'string' && CALL_DATA.test(r.function_parameters) && r.result === 'SUCCESS') {
      candidates.push({ body: { to, data: r.function_parameters }, origin: `replay of contract result ${String(r.hash ?? r.timestamp)}` });
    }
  }
  // Standard views answer on most token contracts, also on a target that recorded no call: each view on every contract in turn.
  const views = [...listed].map((to) => viewCalls(to).map((view) => ({ body: { to, data: view.data }, origin: `${view.signature} on ${to}` })));
  for (let i = 0; i < (views[0]?.length ?? 0); i++) for (const ofContract of views) candidates.push(ofContract[i]!);
  if (!options.needData) for (const to of listed) candidates.push({ body: { to }, origin: `call of ${to} without data` });
  return candidates.map((c) => ({ ...c, body: { ...c.body, ...options.withFields } }));
}

/**
 * The calls among the first `max` candidates that the target answers with 200; none answered →
 * skip. Several calls let a check see behaviour one call hides (a call using little gas, or
 * returning a small number).
 */
export async function findAnsweredCalls(t: Check, options: { needData?: boolean; withFields?: Record<string, unknown>; max?: number } = {}): Promise<AnsweredCall[]> {
  const answered: AnsweredCall[] = [];
  const tried: string[] = [];
  const candidates = (await callCandidates(t, options)).slice(0, options.max ?? MAX_ATTEMPTS);
  const exchanges = await mapCases(t, candidates, (candidate) => sendCall(t, candidate.body));
  for (const [i, candidate] of candidates.entries()) {
    const exchange = exchanges[i]!;
    if (exchange.status === 200) answered.push({ ...candidate, exchange });
    else tried.push(`${candidate.origin} → ${exchange.status}`);
  }
  if (answered.length === 0) t.skip(`no contract call the target answers with 200 (${options.needData ? 'with call data ' : ''}tried: ${tried.join('; ') || 'nothing to try'})`);
  return answered;
}

/** The candidates in turn until one is answered with 200 (see callCandidates), and those refused before it. */
async function firstAnsweredCall(t: Check, options: { needData?: boolean; withFields?: Record<string, unknown> }): Promise<{ answered?: AnsweredCall; refused: AnsweredCall[] }> {
  const refused: AnsweredCall[] = [];
  for (const candidate of (await callCandidates(t, options)).slice(0, MAX_ATTEMPTS)) {
    const exchange = await sendCall(t, candidate.body);
    if (exchange.status === 200) return { answered: { ...candidate, exchange }, refused };
    refused.push({ ...candidate, exchange });
  }
  return { refused };
}

function noAnsweredCall(t: Check, needData: boolean | undefined, refused: AnsweredCall[]): never {
  const tried = refused.map((c) => `${c.origin} → ${c.exchange.status}`).join('; ');
  return t.skip(`no contract call the target answers with 200 (${needData ? 'with call data ' : ''}tried: ${tried || 'nothing to try'})`);
}

/** The first candidate call the target answers with 200 (see callCandidates); none answered → skip. */
export async function findAnsweredCall(t: Check, options: { needData?: boolean; withFields?: Record<string, unknown> } = {}): Promise<AnsweredCall> {
  const { answered, refused } = await firstAnsweredCall(t, options);
  return answered ?? noAnsweredCall(t, options.needData, refused);
}

/**
 * A call with data to judge a limit of the body by: the first the target answers with 200, or
 * when none is, the first it refused with a 4xx that does not blame the data (a revert, say),
 * whose reason a longer body must then keep. None of either → skip.
 */
export async function findCallWithData(t: Check): Promise<AnsweredCall & { answered: boolean }> {
  const { answered, refused } = await firstAnsweredCall(t, { needData: true });
  if (answered) return { ...answered, answered: true };
  const control = refused.find((c) => c.exchange.status >= 400 && c.exchange.status < 500 && !refusalNames(c.exchange, 'data'));
  return control ? { ...control, answered: false } : noAnsweredCall(t, true, refused);
}
