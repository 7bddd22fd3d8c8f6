// One verification job: compile the submitted standard-JSON input with the bundled solc, find the
// named contract, and compare its code with what is deployed at the address. The outcome is either
// a match level for runtime and creation code, or a job error with a custom code.
import type { DeployedCode } from './deployed-code.ts';
import { compareCreation, compareRuntime, overallMatch, type MatchLevel } from './bytecode-match.ts';
import { BUNDLED_COMPILER_VERSION, compileStandardJsonOffThread, compilerErrors, isBundledCompilerVersion } from './solc-compiler.ts';
import type { VerifyRequest } from './verify-request.ts';

export interface JobError {
  customCode: string;
  message: string;
  recompiledCreationCode?: string;
  recompiledRuntimeCode?: string;
  onchainCreationCode?: string;
  onchainRuntimeCode?: string;
}

export type JobOutcome =
  | { kind: 'matched'; match: Exclude<MatchLevel, null>; runtimeMatch: MatchLevel; creationMatch: MatchLevel; compilationMs: number }
  | { kind: 'failed'; error: JobError; compilationMs: number };

/** A failed outcome; compilationMs stays 0 when the job ended before compiling. */
function failed(customCode: string, message: string, compilationMs = 0, codes: Partial<JobError> = {}): JobOutcome {
  return { kind: 'failed', error: { customCode, message, ...codes }, compilationMs };
}

export async function runVerificationJob(chain: DeployedCode, request: VerifyRequest): Promise<JobOutcome> {
  if (request.stdJsonInput.language !== 'Solidity') {
    return failed('unsupported_language', `${request.stdJsonInput.language} is not supported by this verifier; only Solidity is`);
  }
  if (!isBundledCompilerVersion(request.compilerVersion)) {
    return failed('compiler_error', `compiler ${request.compilerVersion} is not available; this verifier has only ${BUNDLED_COMPILER_VERSION}`);
  }
  const deployedCode = await chain.runtimeCode(request.address);
  if (deployedCode === null || deployedCode === '0x') {
    return failed('contract_not_deployed', `no contract is deployed at ${request.address} on chain ${request.chainId}`);
  }

  const started = performance.now();
  const output = await compileStandardJsonOffThread(request.stdJsonInput);
  const compilationMs = Math.round(performance.now() - started);
  const errors = compilerErrors(output);
  if (errors) return failed('compiler_error', `compilation failed:\n${errors}`, compilationMs);

  const compiled = output.contracts?.[request.contractPath]?.[request.contractName];
  const runtime = compiled?.evm?.deployedBytecode?.object;
  const creation = compiled?.evm?.bytecode?.object;
  if (!compiled || !runtime || !creation) {
    return failed('contract_not_found_in_compiler_output', `${request.contractPath}:${request.contractName} is not in the compiler output (check outputSelection and the identifier)`, compilationMs);
  }

  const creationInput = await chain.creationInput(request.address, request.creationTransactionHash);
  const runtimeMatch = compareRuntime(runtime, deployedCode, compiled.evm?.deployedBytecode?.immutableReferences);
  const creationMatch = creationInput ? compareCreation(creation, creationInput) : null;
  const match = overallMatch(runtimeMatch, creationMatch);
  if (match === null) {
    return failed('no_match', 'the recompiled bytecode does not match the deployed bytecode', compilationMs, {
      recompiledCreationCode: `0x${creation}`,
      recompiledRuntimeCode: `0x${runtime}`,
      onchainRuntimeCode: deployedCode,
      ...(creationInput ? { onchainCreationCode: creationInput } : {}),
    });
  }
  return { kind: 'matched', match, runtimeMatch, creationMatch, compilationMs };
}
