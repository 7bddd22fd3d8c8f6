// The contract document lies outside the repository: tests that compare specs/ with it run only
// when CONTRACT_SPEC names it (CI's .ci/run sets it when the contract lies beside the clone).
import { existsSync, readFileSync } from 'node:fs';

export const CONTRACT_SPEC_VAR = 'CONTRACT_SPEC';

/** Why the comparison with the contract does not run, or undefined when it does. */
export function contractDocumentMissing(): string | undefined {
  const path = process.env[CONTRACT_SPEC_VAR];
  if (!path) return `${CONTRACT_SPEC_VAR} is not set: give the path of interface-spec.md to compare specs/ with the contract`;
  if (!existsSync(path)) return `${CONTRACT_SPEC_VAR}=${path} does not exist`;
  return undefined;
}

/** The contract's text; call only after contractDocumentMissing() returned undefined. */
export function readContractDocument(): string {
  return readFileSync(process.env[CONTRACT_SPEC_VAR]!, 'utf8');
}
