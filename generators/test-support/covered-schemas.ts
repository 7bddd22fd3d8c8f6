import type { OpenAPIV3_1 } from 'openapi-types';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, requestBodySchema } from '../../specs/operations.ts';
import type { Encoding } from '../schema/invalid-case.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import { parameterRules, parameterSchema } from '../requests/parameter-schema.ts';

/** One schema the self-tests cover: a parameter (as text) or a body field (as JSON). */
export interface CoveredSchema {
  label: string;
  schema: SchemaNode;
  encoding: Encoding;
  rules: string[];
}

/**
 * The schemas the generators must be honest about: every parameter of listSchedules,
 * listTransactions, getTopic and submitVerification, and every field of the callContract and
 * submitVerification bodies, read from the specs so a new parameter is covered without new code.
 */
export async function coveredSchemas(): Promise<CoveredSchema[]> {
  const ledger = await loadSpec('ledger-query');
  const verify = await loadSpec('verify');
  const fromParameters = (doc: OpenAPIV3_1.Document, operationId: string) =>
    findOperation(doc, operationId).parameters.map((p) => ({
      label: `${operationId} ${p.in} ${p.name}`,
      schema: parameterSchema(p),
      encoding: 'text' as const,
      rules: parameterRules(p),
    }));
  const fromBody = (doc: OpenAPIV3_1.Document, operationId: string) => {
    const body = requestBodySchema(findOperation(doc, operationId)) as SchemaNode;
    return Object.entries(body.properties ?? {}).map(([name, schema]) => ({ label: `${operationId} body ${name}`, schema, encoding: 'json' as const, rules: [] }));
  };
  return [
    ...fromParameters(ledger, 'listSchedules'),
    ...fromParameters(ledger, 'listTransactions'),
    ...fromParameters(ledger, 'getTopic'),
    ...fromBody(ledger, 'callContract'),
    ...fromParameters(verify, 'submitVerification'),
    ...fromBody(verify, 'submitVerification'),
  ];
}
