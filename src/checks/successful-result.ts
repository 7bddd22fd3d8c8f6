/**
 * Outcomes `result=success` selects (reference notes: SUCCESS and two success-like codes); every
 * other outcome is a failure for `result=fail` and for "successful and failed transactions".
 */
const SUCCESSFUL_RESULTS = new Set(['SUCCESS', 'FEE_SCHEDULE_FILE_PART_UPLOADED', 'SUCCESS_BUT_MISSING_EXPECTED_OPERATION']);

export function isSuccessfulResult(result: unknown): boolean {
  return typeof result === 'string' && SUCCESSFUL_RESULTS.has(result);
}
