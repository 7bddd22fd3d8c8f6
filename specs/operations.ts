import type { OpenAPIV3_1 } from 'openapi-types';
import { SpecError } from './load-spec.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OperationRef {
  operationId: string;
  method: HttpMethod;
  path: string;
  operation: OpenAPIV3_1.OperationObject;
  /** Path-level and operation-level parameters merged, operation-level winning. */
  parameters: OpenAPIV3_1.ParameterObject[];
}

/** The operation keys of an OpenAPI path item that the contract's documents use. */
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of a dereferenced document. */
export function listOperations(doc: OpenAPIV3_1.Document): OperationRef[] {
  const result: OperationRef[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const byKey = new Map<string, OpenAPIV3_1.ParameterObject>();
      for (const p of [...(item.parameters ?? []), ...(operation.parameters ?? [])] as OpenAPIV3_1.ParameterObject[]) {
        byKey.set(`${p.in}:${p.name}`, p);
      }
      result.push({ operationId: operation.operationId, method, path, operation, parameters: [...byKey.values()] });
    }
  }
  return result;
}

export function findOperation(doc: OpenAPIV3_1.Document, operationId: string): OperationRef {
  const found = listOperations(doc).find((op) => op.operationId === operationId);
  if (!found) throw new SpecError(`no operation "${operationId}" in ${doc.info.title}`);
  return found;
}

/** The parameter `name` (query or path) of an operation. */
export function findParameter(op: OperationRef, name: string, location?: 'query' | 'path'): OpenAPIV3_1.ParameterObject {
  const found = op.parameters.find((p) => p.name === name && (!location || p.in === location));
  if (!found) throw new SpecError(`operation ${op.operationId} has no parameter "${name}"`);
  return found;
}

/** The JSON schema of an operation's response for a status code (falls back to `default`). */
export function responseSchema(op: OperationRef, status: number): OpenAPIV3_1.SchemaObject | undefined {
  const responses = op.operation.responses ?? {};
  const exact = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  const response = exact as OpenAPIV3_1.ResponseObject | undefined;
  const content = response?.content?.['application/json'];
  return content?.schema as OpenAPIV3_1.SchemaObject | undefined;
}

/** The JSON schema of an operation's application/json request body. */
export function requestBodySchema(op: OperationRef): OpenAPIV3_1.SchemaObject | undefined {
  const body = op.operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  return body?.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject | undefined;
}

/** The key under which a list operation's answer holds its items (`x-list-key`, observed), if it is a list. */
export function listKeyOf(op: OperationRef): string | undefined {
  const key = (op.operation as Record<string, unknown>)['x-list-key'];
  return typeof key === 'string' ? key : undefined;
}
