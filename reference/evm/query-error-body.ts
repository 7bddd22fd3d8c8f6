// A message of the query service's error body (contract 2.5) as the contract call writes it: detail
// and data always present, `data` 0x-hex with at least one digit when known; an unknown or empty
// value is sent as null, never as "".
import type { ErrorMessage } from '../query/query-error.ts';

export function queryErrorMessage(message: string, detail: string | null = null, data: string | null = null): ErrorMessage {
  return { message, detail, data: data !== null && /^0x[0-9a-fA-F]+$/.test(data) ? data : null };
}
