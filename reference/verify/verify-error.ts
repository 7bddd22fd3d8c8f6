// The verification interface's error body {customCode, message, errorId} and the HTTP status of
// each immediate (non-job) error code, as the reference notes give them.
import { randomUUID } from 'node:crypto';

export type VerifyErrorCode =
  | 'invalid_parameter'
  | 'invalid_json'
  | 'unsupported_chain'
  | 'already_verified'
  | 'duplicate_verification_request'
  | 'too_many_requests'
  | 'job_not_found'
  | 'internal_error';

export const VERIFY_ERROR_STATUS: Record<VerifyErrorCode, number> = {
  invalid_parameter: 400,
  invalid_json: 400,
  unsupported_chain: 400,
  already_verified: 409,
  duplicate_verification_request: 429,
  too_many_requests: 429,
  job_not_found: 404,
  internal_error: 500,
};

export interface VerifyErrorBody {
  customCode: string;
  message: string;
  /** A fresh UUID v4 per error, to find it in logs. */
  errorId: string;
}

export function verifyErrorBody(customCode: string, message: string): VerifyErrorBody {
  return { customCode, message, errorId: randomUUID() };
}
