// Valid submissions (contract 4.8): accepted with a UUID and followed to the end of the job; a
// verified contract cannot be verified again, under any letter case of its address; a second
// submission while the first job runs is refused. These change the target's state (writes), the
// state of known samples: each takes its turn across the run (src/harness/turns.ts).
import { describe } from 'vitest';
import fc from 'fast-check';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { expectVerificationErrorBody } from '../../src/checks/verification-error-body.ts';
import { followVerificationJob, type VerificationJob } from '../../src/checks/verification-job.ts';
import { judgeSampleMatch, submitKnownSample, verifiesThere } from '../../src/checks/verification-control.ts';
import { acceptedId, firstVerificationSamples, refusalCode, sampleBody, submitUnverifiedSample, submitVerification, type VerificationSample } from '../../src/samples/verification-sample.ts';
import { isUuid, isUuidV4 } from '../../src/checks/verification-uuid.ts';
import { strangerSite } from '../../src/samples/submission-site.ts';
import { firstSamplesHeld } from '../../src/samples/turn-holds.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest, type Check } from '../../src/harness/rule-test.ts';
import { responseJson, type Exchange } from '../../src/http/exchange.ts';
import { retryAfterMs } from '../../src/http/retry-after.ts';

interface ValidSubmission {
  /** The known sample submitted; none where no sample is known. */
  sample?: VerificationSample;
  context: string;
  exchange: Exchange;
}

/**
 * A valid submission: of a known sample not verified yet, or, where no sample is known, of a
 * well-formed body at an address that holds no known contract. There a verifier may refuse at once
 * (nothing to verify), so only its acceptance is judged: a refusal leaves `rules` not evaluated.
 */
async function submitValid(t: Check, rules: string[], options: { withCreationHash?: boolean } = {}): Promise<ValidSubmission> {
  if (firstVerificationSamples(t).length > 0) {
    const { sample, exchange } = await submitUnverifiedSample(t, options);
    return { sample, exchange, context: `submission of ${sample.contractIdentifier} at ${sample.address} on chain ${sample.chainId}` };
  }
  const site = strangerSite(t);
  const { creationTransactionHash: _hash, ...withoutHash } = site.twin;
  const exchange = await submitVerification(t, site.chainId, site.address, options.withCreationHash ? site.twin : withoutHash);
  const context = `submission of a well-formed body at ${site.address} on chain ${site.chainId} (no known contract there; no --verify-samples)`;
  if (acceptedId(exchange) === undefined) {
    const why = `${context} answered ${exchange.status} ${refusalCode(exchange) ?? ''}: a verifier may refuse where nothing is deployed, so only an acceptance is judged there`;
    for (const rule of rules) t.notEvaluated(rule, why);
    t.skip(why);
  }
  return { exchange, context };
}

/**
 * A known sample with an exact expected match that the target holds as verified: one it already
 * verified, or one verified here (its job followed and judged). Skips when none verifies. Taken
 * from the samples the refusal controls leave alone: theirs must stay unverified until they ran.
 */
async function verifiedSample(t: Check): Promise<VerificationSample> {
  // The last first: the checks of a first verification take the first ones, so a later one is
  // verified here, and what its resubmission answers is then known to meet a verified contract.
  const exact = [...firstVerificationSamples(t)].reverse().filter((s) => s.expectedMatch === 'exact_match');
  if (exact.length === 0) t.skip('no known sample is expected to verify with exact matches: give --verify-samples FILE');
  const outcomes: string[] = [];
  for (const sample of exact) {
    const outcome = await submitKnownSample(t, sample, { body: sampleBody(sample, { withCreationHash: true }) });
    if (verifiesThere(outcome)) return sample;
    outcomes.push(outcome.kind === 'undecided' || outcome.kind === 'not_verified' ? outcome.detail : outcome.kind);
  }
  return t.skip(`the target verified none of the known samples with exact matches: ${outcomes.join('; ')}`);
}

/**
 * Two submissions of every sample, all sent at once: the jobs queue on the target, so the second
 * submission of a contract meets its first job still running even where a job ends within
 * milliseconds. Their 429 is the answer under test, so throttling is not waited out by the client;
 * a rate-limit refusal is waited out here once, bounded.
 */
async function submitAllTwiceTogether(t: Check, samples: VerificationSample[]): Promise<Exchange[][]> {
  const once = (sample: VerificationSample) => submitVerification(t, sample.chainId, sample.address, sampleBody(sample), { waitOutThrottling: false });
  const send = () => Promise.all(samples.map((sample) => Promise.all([once(sample), once(sample)])));
  const groups = await send();
  const throttle = groups.flat().find((ex) => refusalCode(ex) === 'too_many_requests');
  if (!throttle) return groups;
  const waitMs = Math.min(retryAfterMs(throttle.responseHeaders['retry-after']) ?? 1000, 15_000);
  t.note(`the submissions met too_many_requests; waited ${waitMs} ms and sent them again`);
  await followAccepted(t, samples, groups);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return send();
}

/** Follows every accepted submission's job and judges its match; returns the completed jobs by acceptance. */
async function followAccepted(t: Check, samples: VerificationSample[], groups: Exchange[][]): Promise<Map<Exchange, VerificationJob>> {
  const completed = new Map<Exchange, VerificationJob>();
  for (const [i, group] of groups.entries()) {
    for (const exchange of group) {
      const id = acceptedId(exchange);
      if (!id) continue;
      const followed = await followVerificationJob(t, id);
      if (!followed.completed) continue;
      completed.set(exchange, followed.job);
      judgeSampleMatch(t, samples[i]!, followed.job, followed.exchange, `${samples[i]!.contractIdentifier} at ${samples[i]!.address}`);
    }
  }
  return completed;
}

describe('POST /v2/verify/{chainId}/{address}', () => {
  // Turns: submits a known sample not verified yet, which verifies it.
  ruleTest('accepts a valid submission without a creation transaction hash, answering a UUID verificationId', [
    'VF-4.8-accept-verification-id-uuid', 'VF-4.8-accept-status-202', 'VF-4.8-verification-id-v4-lowercase', 'VF-4.8-json-request-body',
    'VF-4.8-creation-tx-hash-optional', 'VF-1-asynchronous-verification', 'VF-5-no-credentials-needed', 'VF-9-path-prefix-v2', 'VF-7-no-server-error',
  ], async (t) => {
    const { exchange, context } = await submitValid(t, ['VF-4.8-creation-tx-hash-optional', 'VF-4.8-accept-verification-id-uuid', 'VF-1-asynchronous-verification', 'VF-5-no-credentials-needed', 'VF-9-path-prefix-v2']);
    if (Object.keys(t.config.headers).length === 0) {
      t.soft('VF-5-no-credentials-needed', exchange.status !== 401 && exchange.status !== 403, `${context} without credentials answered ${exchange.status}`, exchange);
    }
    if (acceptedId(exchange)) t.soft('VF-4.8-json-request-body', true, `${context}: the application/json body was accepted`, exchange);
    t.soft('VF-9-path-prefix-v2', exchange.status !== 404 && exchange.status !== 405, `${context}: POST /v2/verify/... is not served (${exchange.status})`, exchange);
    expectRule('VF-4.8-creation-tx-hash-optional', exchange.status >= 200 && exchange.status < 300,
      `${context} (valid, no creationTransactionHash, application/json) answered ${exchange.status}: ${exchange.responseBody.slice(0, 200)}`, exchange);
    const body = responseJson(exchange) as { verificationId?: unknown } | undefined;
    expectRule('VF-4.8-accept-verification-id-uuid', isUuid(body?.verificationId), `${context}: verificationId is ${JSON.stringify(body?.verificationId)}, not a UUID`, exchange);
    t.soft('VF-4.8-accept-status-202', exchange.status === 202, `${context}: accepted with ${exchange.status}, the notes observe 202`, exchange);
    t.soft('VF-4.8-verification-id-v4-lowercase', isUuidV4(body.verificationId) && body.verificationId === body.verificationId.toLowerCase(), `${context}: ${body.verificationId} is not a lowercase version-4 UUID`, exchange);
    // Asynchronous: the acceptance carries a job id, not the result; the result comes from the job.
    const resultKeys = ['match', 'runtimeMatch', 'creationMatch', 'contract', 'isJobCompleted'].filter((k) => k in (body as object));
    expectRule('VF-1-asynchronous-verification', resultKeys.length === 0, `${context}: the acceptance already carries verification results (${resultKeys.join(', ')})`, exchange);
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld });

  // Turns: submits a known sample not verified yet and follows the job that verifies it.
  ruleTest('reports the accepted job at GET /v2/verify/{verificationId} until it completes', [
    'VF-4.8-job-status-endpoint', 'VF-4.8-job-status-200', 'VF-4.8-job-object-fields', 'VF-4.8-job-match-values', 'VF-4.8-job-error-when-failed', 'VF-1-asynchronous-verification',
    'VF-4.8-accept-verification-id-uuid', 'VF-4.8-job-lifecycle', 'VF-1-known-sample-verifies',
  ], async (t) => {
    const { sample, exchange, context } = await submitValid(t, ['VF-4.8-job-status-endpoint', 'VF-4.8-accept-verification-id-uuid', 'VF-1-asynchronous-verification'], { withCreationHash: true });
    const id = acceptedId(exchange);
    expectRule('VF-4.8-accept-verification-id-uuid', id !== undefined, `${context} answered ${exchange.status}: ${exchange.responseBody.slice(0, 200)}`, exchange);
    const followed = await followVerificationJob(t, id);
    if (!followed.completed) t.skip(`the job did not complete within the polling bound (${followed.polls} polls, ${followed.elapsedMs} ms)`);
    const contract = followed.job.contract ?? {};
    const [, chainId, address] = /\/v2\/verify\/([^/]*)\/([^/?]*)/.exec(exchange.url) ?? [];
    if (sample) judgeSampleMatch(t, sample, followed.job, followed.exchange, `${sample.contractIdentifier} at ${sample.address}`);
    else t.notEvaluated('VF-1-known-sample-verifies', `${context}: no known sample, so no expected match to judge the job by`);
    t.soft('VF-4.8-job-object-fields', contract.chainId === decodeURIComponent(chainId ?? ''), `job reports chainId ${JSON.stringify(contract.chainId)}, submitted ${chainId}`, followed.exchange);
    t.soft('VF-4.8-job-object-fields', contract.address?.toLowerCase() === decodeURIComponent(address ?? '').toLowerCase(), `job reports address ${String(contract.address)}, submitted ${address}`, followed.exchange);
    t.note(`job ended with match ${String(contract.match)}${followed.job.error ? `, error ${followed.job.error.customCode}` : ''}`);
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld });

  // Turns: verifies a known sample (or finds it verified) and submits it again.
  ruleTest('rejects a resubmission of a contract verified with exact matches as already_verified', ['VF-7-already-verified', 'VF-7-already-verified-409', 'VF-7-error-body-shape', 'VF-1-known-sample-verifies'], async (t) => {
    const sample = await verifiedSample(t);
    const exchange = await submitVerification(t, sample.chainId, sample.address, sampleBody(sample, { withCreationHash: true }));
    const context = `resubmission of verified ${sample.address} on chain ${sample.chainId}`;
    expectRule('VF-7-already-verified', exchange.status >= 400 && exchange.status < 500, `${context} answered ${exchange.status}`, exchange);
    const error = expectVerificationErrorBody(t, exchange, context);
    expectRule('VF-7-already-verified', error.customCode === 'already_verified', `${context} answered customCode ${error.customCode}`, exchange);
    t.soft('VF-7-already-verified-409', exchange.status === 409, `${context}: already_verified came with ${exchange.status}, the notes observe 409`, exchange);
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld });

  // Turns: verifies a known sample and submits it again under other spellings of its address.
  ruleTest('treats the address in upper, lower and mixed case as the same contract', ['VF-4.8-address-case-insensitive'], async (t) => {
    const sample = await verifiedSample(t);
    const hex = sample.address.slice(2);
    // Each letter's case flipped at random, plus the all-lower and all-upper spellings.
    const spellings = fc.oneof(
      fc.constantFrom(hex.toLowerCase(), hex.toUpperCase()),
      fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }).map((flips) => [...hex].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch.toLowerCase())).join('')),
    ).map((digits) => `0x${digits}`);
    const sameContract = async (address: string) => {
      const exchange = await submitVerification(t, sample.chainId, address, sampleBody(sample));
      const code = exchange.status >= 400 && exchange.status < 500 ? expectVerificationErrorBody(t, exchange, `submission as ${address}`).customCode : undefined;
      // The contract is verified: the same contract under another spelling is already verified.
      expectRule('VF-4.8-address-case-insensitive', code === 'already_verified', `verified ${sample.address} submitted as ${address} answered ${exchange.status} ${code ?? ''}, not already_verified`, exchange);
    };
    // Every run: the two spellings with one letter's case apart from the others' (mixed case
    // wherever the address has two letters; at most one of them can be its EIP-55 checksum).
    const letters = [...hex].flatMap((ch, i) => (/[a-f]/i.test(ch) ? [i] : []));
    if (letters.length >= 2) {
      const oneApart = (upperFirst: boolean) => `0x${[...hex].map((ch, i) => ((i === letters[0]) === upperFirst ? ch.toUpperCase() : ch.toLowerCase())).join('')}`;
      await forEachCase(t, [oneApart(true), oneApart(false)], sameContract);
    }
    // The spellings are resubmissions of one verified contract, each answered on its own: sent at once.
    await checkProperty(t, spellings, sameContract, { runs: Math.min(t.config.depth, 4) });
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld, casesInAnyOrder: true });

  // Turns: submits known samples twice at once, so that the second meets the first's running job.
  ruleTest('refuses another submission while the first job still runs with duplicate_verification_request', ['VF-7-duplicate-request-429', 'VF-1-known-sample-verifies'], async (t) => {
    // A few samples, so that twice as many simultaneous submissions stay within a rate limit.
    const samples = firstVerificationSamples(t).slice(0, 4);
    if (samples.length === 0) t.skip('no deployed contract is known on the target: give --verify-samples FILE');
    const groups = await submitAllTwiceTogether(t, samples);
    const jobs = await followAccepted(t, samples, groups);
    const answers = (group: Exchange[]) => group.map((ex) => `${ex.status} ${refusalCode(ex) ?? 'accepted'}`).join(' and ');
    if (groups.flat().some((ex) => refusalCode(ex) === 'too_many_requests')) t.skip('the target throttled the submissions even after waiting once');
    let observed = 0;
    for (const [i, group] of groups.entries()) {
      const accepted = group.filter((ex) => acceptedId(ex) !== undefined);
      if (accepted.length === 0) continue;
      // Both accepted at the same moment: the running job was not noticed. The notes see that check
      // is not atomic, the second job then ending with an error: only two matching jobs break it.
      if (accepted.length === 2 && accepted.some((ex) => jobs.get(ex)?.error)) {
        t.note(`two simultaneous submissions of ${samples[i]!.address} were both accepted; a job of them ended with an error`);
        continue;
      }
      expectRule('VF-7-duplicate-request-429', accepted.length === 1, `two simultaneous submissions of ${samples[i]!.address} were both accepted`, accepted[1]);
      const other = group.find((ex) => acceptedId(ex) === undefined)!;
      // On a fast target the job may end before the other submission is handled: already_verified then.
      if (refusalCode(other) === 'already_verified') continue;
      observed += 1;
      expectRule('VF-7-duplicate-request-429', other.status === 429 && refusalCode(other) === 'duplicate_verification_request',
        `a submission of ${samples[i]!.address} sent with one that was accepted answered ${answers(group)}`, other);
    }
    if (observed === 0) t.skip(`no job was observed running: ${groups.map(answers).join('; ')}`);
    t.note(`${observed} contract(s) met a running job`);
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld });

  // The control samples are verified by their twins (and judged there), only once their refusals are decided.
  // Turns: verifies every known sample.
  ruleTest('verifies every known sample with its expected match, then answers already_verified under any letter case of its address', [
    'VF-1-known-sample-verifies', 'VF-7-already-verified', 'VF-4.8-address-case-insensitive', 'VF-4.8-json-request-body', 'VF-4.8-job-lifecycle',
  ], async (t) => {
    const samples = firstVerificationSamples(t);
    if (samples.length === 0) t.skip('no deployed contract is known on the target: give --verify-samples FILE');
    // Each sample at its own address: their submissions and jobs go side by side, each in its order.
    await forEachCase(t, samples, async (sample) => {
      const outcome = await submitKnownSample(t, sample, { body: sampleBody(sample, { withCreationHash: true }) });
      // A partial match may be submitted again to reach an exact one: only exact matches are final.
      if (!verifiesThere(outcome) || sample.expectedMatch !== 'exact_match') return;
      const context = `resubmission of verified ${sample.contractIdentifier} at ${sample.address} on chain ${sample.chainId}`;
      const again = await submitVerification(t, sample.chainId, sample.address, sampleBody(sample));
      t.soft('VF-7-already-verified', refusalCode(again) === 'already_verified', `${context} answered ${again.status} ${refusalCode(again) ?? ''}`, again);
      // Another spelling of the address is judged only once the same spelling is known to answer already_verified.
      if (refusalCode(again) !== 'already_verified') return;
      const hex = sample.address.slice(2);
      const spelling = `0x${hex === hex.toUpperCase() ? hex.toLowerCase() : hex.toUpperCase()}`;
      const other = await submitVerification(t, sample.chainId, spelling, sampleBody(sample));
      t.soft('VF-4.8-address-case-insensitive', refusalCode(other) === 'already_verified', `${context} as ${spelling} answered ${other.status} ${refusalCode(other) ?? ''}, not already_verified`, other);
    });
  }, { writes: true, turns: 'known-sample', holds: firstSamplesHeld, casesInAnyOrder: true });
});
