import fc from 'fast-check';
import { fixtureContractNames, loadVerificationSample, type VerificationSample } from '../../fixtures/contracts/deployments.ts';
import { evmAddressArbitrary } from '../../generators/semantic/evm-address.ts';
import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectVerificationErrorBody } from './verification-error-body.ts';

/**
 * The contract to verify by default: the project's fixture contracts, on the configured chain
 * (`--verify-chain-id`), as the reference server deploys them. Another target needs its own sample.
 */
export function verificationSamples(t: Check): VerificationSample[] {
  return fixtureContractNames().map((name) => loadVerificationSample(name, Number(t.config.verifyChainId)));
}

/** The request body for a sample; the creation transaction hash is optional (contract 4.8). */
export function sampleBody(sample: VerificationSample, options: { withCreationHash?: boolean } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    stdJsonInput: sample.stdJsonInput,
    compilerVersion: sample.compilerVersion,
    contractIdentifier: sample.contractIdentifier,
  };
  if (options.withCreationHash) body.creationTransactionHash = sample.creationTransactionHash;
  return body;
}

/** POSTs `body` as JSON text, whatever JSON value it is (a generated body may be a bare string). */
export function submitVerification(t: Check, chainId: string, address: string, body: unknown, options: { waitOutThrottling?: boolean } = {}): Promise<Exchange> {
  return t.send({
    method: 'POST',
    url: `/v2/verify/${encodeURIComponent(chainId)}/${encodeURIComponent(address)}`,
    body: JSON.stringify(body),
    contentType: 'application/json',
    waitOutThrottling: options.waitOutThrottling,
  });
}

/**
 * Submits the fixture samples in turn until one is not already verified: earlier tests (or runs
 * against a long-lived target) may have verified some. Skips when every sample is verified.
 */
export async function submitUnverifiedSample(t: Check, options: { withCreationHash?: boolean } = {}): Promise<{ sample: VerificationSample; exchange: Exchange }> {
  const tried: string[] = [];
  for (const sample of verificationSamples(t)) {
    const exchange = await submitVerification(t, sample.chainId, sample.address, sampleBody(sample, options));
    if (exchange.status >= 400 && exchange.status < 500) {
      const code = expectVerificationErrorBody(t, exchange, `submission of ${sample.contractIdentifier}`).customCode;
      if (code === 'already_verified' || code === 'duplicate_verification_request') {
        tried.push(`${sample.address} (${code})`);
        continue;
      }
    }
    return { sample, exchange };
  }
  return t.skip(`every fixture sample on chain ${t.config.verifyChainId} is already verified or being verified: ${tried.join(', ')}`);
}

/** The verification id of an acceptance answer, when it has one. */
export function acceptedId(exchange: Exchange): string | undefined {
  const body = responseJson(exchange) as { verificationId?: unknown } | undefined;
  return exchange.status >= 200 && exchange.status < 300 && typeof body?.verificationId === 'string' ? body.verificationId : undefined;
}

/** Addresses that hold no fixture: a body sent there cannot verify anything by accident. */
export function strangerAddressArbitrary(): fc.Arbitrary<string> {
  const fixtures = new Set(fixtureContractNames().map((name) => loadVerificationSample(name).address.toLowerCase()));
  return evmAddressArbitrary({ prefix: 'with' }).filter((a) => !fixtures.has(a.toLowerCase()));
}

/** One such address, fixed by the run's seed, for a check that needs a single one. */
export function strangerAddress(t: Check): string {
  return fc.sample(strangerAddressArbitrary(), { seed: t.config.seed, numRuns: 1 })[0]!;
}
