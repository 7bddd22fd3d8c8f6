import type { Check } from '../harness/rule-test.ts';
import { responseJson, type Exchange } from '../http/exchange.ts';
import { expectRule } from './rule-violation.ts';
import { isUuid, isUuidV4 } from './verification-uuid.ts';

export interface VerificationErrorBody {
  customCode: string;
  message: string;
  errorId: string;
}

/**
 * The verification error body of contract section 7: {customCode, message, errorId (UUID)}; the
 * notes add that errorId is a version-4 UUID (observed, soft). Returns the body for code checks.
 */
export function expectVerificationErrorBody(t: Check, exchange: Exchange, context: string): VerificationErrorBody {
  const body = responseJson(exchange) as Partial<VerificationErrorBody> | undefined;
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) problems.push('the answer is not a JSON object');
  else {
    if (typeof body.customCode !== 'string') problems.push(`customCode is ${JSON.stringify(body.customCode)}, not a string`);
    if (typeof body.message !== 'string') problems.push(`message is ${JSON.stringify(body.message)}, not a string`);
    if (!isUuid(body.errorId)) problems.push(`errorId is ${JSON.stringify(body.errorId)}, not a UUID`);
  }
  expectRule('VF-7-error-body-shape', problems.length === 0, `${context}: the ${exchange.status} answer is not the verification error body: ${problems.join('; ')}`, exchange);
  const error = body as VerificationErrorBody;
  t.soft('VF-7-error-id-v4', isUuidV4(error.errorId), `${context}: errorId ${error.errorId} is not a version-4 UUID`, exchange);
  return error;
}

/**
 * The observed status and code of a malformed request: 400 invalid_parameter (soft, observed). A
 * body that is a bare JSON scalar may also answer invalid_json: the notes see a strict parser refuse it.
 */
export function expectInvalidParameter(t: Check, exchange: Exchange, error: VerificationErrorBody, context: string, options: { alsoInvalidJson?: boolean } = {}): void {
  const codes = options.alsoInvalidJson ? ['invalid_parameter', 'invalid_json'] : ['invalid_parameter'];
  t.soft('VF-7-invalid-parameter-400', exchange.status === 400 && codes.includes(error.customCode),
    `${context}: answered ${exchange.status} ${error.customCode}, the notes observe 400 ${codes.join(' or ')}`, exchange);
}
