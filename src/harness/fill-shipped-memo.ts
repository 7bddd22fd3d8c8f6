// Run by the build (scripts/runtime-build.mjs) on the compiled copy: works out once what every run
// would work out again on a machine's first start (the contract's YAML parsed and validated, the
// rule catalogues, a checker for every response schema and named schema), into the memo shipped
// beside the code (specs/content-memo.ts). A first run in a fresh CI job saves about a second of CPU.
import type { OpenAPIV3_1 } from 'openapi-types';
import { rememberInto } from '../../specs/content-memo.ts';
import { INTERFACES, loadSpec } from '../../specs/load-spec.ts';
import { listOperations } from '../../specs/operations.ts';
import { schemaChecker } from '../../specs/schema-validator.ts';
import { loadCatalogue } from '../rules/catalogue.ts';

/** The JSON schema of every response of every operation, and every named schema: what the checks compile. */
function checkedSchemas(doc: OpenAPIV3_1.Document): object[] {
  const responses = listOperations(doc).flatMap((op) => Object.values(op.operation.responses ?? {}))
    .map((response) => (response as OpenAPIV3_1.ResponseObject).content?.['application/json']?.schema);
  return [...responses, ...Object.values(doc.components?.schemas ?? {})].filter((schema): schema is object => typeof schema === 'object' && schema !== null);
}

// The build names a directory of its own, put in the shipped memo's place once full.
const into = process.argv[2];
if (!into) throw new Error('usage: fill-shipped-memo.js DIRECTORY');
rememberInto(into);
loadCatalogue();
for (const name of INTERFACES) {
  for (const schema of checkedSchemas(await loadSpec(name))) schemaChecker(schema);
}
