import fc from 'fast-check';
import { FIXTURE_CHAIN_IDS, fixtureContractNames, loadVerificationSample } from '../../fixtures/contracts/deployments.ts';
import { evmAddressArbitrary } from '../../generators/semantic/evm-address.ts';
import type { ResolvedConfig } from '../config/run-config.ts';
import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { readVerificationSamples, type VerificationSample } from './verify-samples-file.ts';
import { chainSamples } from '../chain/chain-samples.ts';
import { jobPollPace } from '../checks/job-poll-pace.ts';
import { addressKey } from './address-key.ts';

export type { VerificationSample } from './verify-samples-file.ts';

/**
 * The fixture contracts as the embedded reference deploys them, exact matches: on the run's chain,
 * then on one other of its chains. A contract verifies once per chain, and the checks of a first
 * verification and the controls each need some; more would only add compilations.
 */
export function fixtureSamples(chainId: string): VerificationSample[] {
  const chains = [chainId, FIXTURE_CHAIN_IDS.find((c) => c !== chainId)!];
  return chains.flatMap((chain) => fixtureContractNames().map((name) => ({ ...loadVerificationSample(name, Number(chain)), expectedMatch: 'exact_match' as const, source: 'fixtures/contracts' })));
}

/**
 * The contracts known to be deployed on the verification target: those of --verify-samples, those
 * the run deployed on the --verify-rpc chain, and on the embedded reference without a chain its
 * fixture contracts. Empty when the target's deployments are unknown.
 */
export function knownSamples(config: Pick<ResolvedConfig, 'verifySamplesFile' | 'embedded' | 'verifyChainId' | 'chainDeployments'>): VerificationSample[] {
  return [
    ...(config.verifySamplesFile ? readVerificationSamples(config.verifySamplesFile) : []),
    ...(config.chainDeployments ? chainSamples(config.chainDeployments) : []),
    // An embedded reference reading a chain serves that chain alone, not the fixture chains.
    ...(config.embedded && !config.chainDeployments ? fixtureSamples(config.verifyChainId) : []),
  ];
}

export function verificationSamples(t: Check): VerificationSample[] {
  return knownSamples(t.config);
}

/** How many samples from the end of the list the refusal controls take (the body, chainId and address checks one each). */
export const CONTROLS = 3;

/**
 * The known samples from the end of the list: controls take these. A control catches a verifier
 * that ignores a broken field only while its address is not verified yet, so the other checks
 * leave them alone where there are enough samples.
 */
export function controlSamples(t: Check): VerificationSample[] {
  return [...verificationSamples(t)].reverse();
}

/** The known samples the controls leave alone (at least one): for the checks of a first verification. */
export function firstVerificationSamples(t: Check): VerificationSample[] {
  const samples = verificationSamples(t);
  return samples.slice(0, Math.max(1, samples.length - CONTROLS));
}

/**
 * A well-formed body for checks that only need the body to be valid (path, query, JSON syntax): a
 * known sample's, else a fixture contract's, which is valid wherever it is not deployed.
 */
export function wellFormedBody(t: Check): Record<string, unknown> {
  return sampleBody(verificationSamples(t)[0] ?? fixtureSamples(t.config.verifyChainId)[0]!);
}

/** The request body for a sample; the creation transaction hash is optional (contract 4.8). */
export function sampleBody(sample: VerificationSample, options: { withCreationHash?: boolean } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    stdJsonInput: sample.stdJsonInput,
    compilerVersion: sample.compilerVersion,
    contractIdentifier: sample.contractIdentifier,
  };
  if (options.withCreationHash && sample.creationTransactionHash) body.creationTransactionHash = sample.creationTransactionHash;
  return body;
}

/** How long a submission waits for a job already running on its address to end (a compile under load takes seconds). */
const RUNNING_JOB_WAIT_MS = 30_000;

/** duplicate_verification_request: a job for the address is still running. An answer, not throttling. */
const isRunningJob = (answer: Pick<Exchange, 'status' | 'responseBody'>) => refusalCode(answer) === 'duplicate_verification_request';

/**
 * POSTs `body` as JSON text, whatever JSON value it is (a generated body may be a bare string).
 * Throttling is waited out by the client; a job still running on the address is waited for here,
 * bounded in time, unless the caller wants the refusals themselves (waitOutThrottling false).
 */
export async function submitVerification(t: Check, chainId: string, address: string, body: unknown, options: { waitOutThrottling?: boolean } = {}): Promise<Exchange> {
  const send = () => t.send({
    method: 'POST',
    url: `/v2/verify/${encodeURIComponent(chainId)}/${encodeURIComponent(address)}`,
    body: JSON.stringify(body),
    contentType: 'application/json',
    waitOutThrottling: options.waitOutThrottling,
    isAnswer: (status, responseBody) => isRunningJob({ status, responseBody }),
  });
  const until = Date.now() + RUNNING_JOB_WAIT_MS;
  let exchange = await send();
  const where = `${t.base} ${addressKey(chainId, address)}`;
  const wait = options.waitOutThrottling !== false && !runningJobNeverEnded.has(t) && !addressesJobNeverEnded.has(where);
  const { resubmitMs } = jobPollPace(t.config.loopback.verify);
  while (wait && isRunningJob(exchange) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, resubmitMs));
    exchange = await send();
  }
  if (wait && isRunningJob(exchange)) {
    runningJobNeverEnded.add(t);
    addressesJobNeverEnded.add(where);
  }
  return exchange;
}

/**
 * Tests, and addresses of a target, where a running-job answer outlasted the whole wait: there it
 * answers something else than a running job (or the job never ends), so later submissions of the
 * test, or of another test of the worker at the address, do not wait again (a verifier answering so
 * for every verified contract had a fault run wait 30 s three times at one address).
 */
const runningJobNeverEnded = new WeakSet<Check>();
const addressesJobNeverEnded = new Set<string>();

/** The customCode of a 4xx verification error answer, when it has one. */
export function refusalCode(exchange: Pick<Exchange, 'status' | 'responseBody'>): string | undefined {
  const body = responseJson(exchange) as { customCode?: unknown } | undefined;
  return exchange.status >= 400 && exchange.status < 500 && typeof body?.customCode === 'string' ? body.customCode : undefined;
}

/**
 * Submits the known samples in turn until one is not already verified: earlier tests (or runs
 * against a long-lived target) may have verified some. Skips when every sample is verified.
 */
export async function submitUnverifiedSample(t: Check, options: { withCreationHash?: boolean } = {}): Promise<{ sample: VerificationSample; exchange: Exchange }> {
  const samples = firstVerificationSamples(t);
  if (samples.length === 0) t.skip('no deployed contract is known on the target: give --verify-samples FILE');
  const tried: string[] = [];
  for (const sample of samples) {
    const exchange = await submitVerification(t, sample.chainId, sample.address, sampleBody(sample, options));
    const code = refusalCode(exchange);
    if (code === 'already_verified' || code === 'duplicate_verification_request') {
      tried.push(`${sample.address} (${code})`);
      continue;
    }
    return { sample, exchange };
  }
  return t.skip(`every known sample is already verified or being verified: ${tried.join(', ')}`);
}

/** The verification id of an acceptance answer, when it has one. */
export function acceptedId(exchange: Exchange): string | undefined {
  const body = responseJson(exchange) as { verificationId?: unknown } | undefined;
  return exchange.status >= 200 && exchange.status < 300 && typeof body?.verificationId === 'string' ? body.verificationId : undefined;
}

/**
 * Addresses that hold no fixture: a body sent there cannot verify anything by accident. In lower
 * case: a verifier that checks EIP-55 checksums (notes) takes them, so its one deviation shows only
 * where the address case is judged.
 */
export function strangerAddressArbitrary(): fc.Arbitrary<string> {
  const fixtures = new Set(fixtureContractNames().map((name) => loadVerificationSample(name).address.toLowerCase()));
  return evmAddressArbitrary({ prefix: 'with' }).map((a) => a.toLowerCase()).filter((a) => !fixtures.has(a));
}

/** One such address, fixed by the run's seed, for a check that needs a single one. */
export function strangerAddress(t: Check): string {
  return fc.sample(strangerAddressArbitrary(), { seed: t.config.seed, numRuns: 1 })[0]!;
}

/** `count` distinct such addresses, fixed by the run's seed: submissions sent at once, none meeting another's job. */
export function strangerAddresses(t: Check, count: number): string[] {
  return fc.sample(fc.uniqueArray(strangerAddressArbitrary(), { minLength: count, maxLength: count }), { seed: t.config.seed, numRuns: 1 })[0]!;
}
