// The query service's error body (contract 2.5): `data`, when known, is 0x-hex with at least one
// digit; an unknown or empty value is sent as null, never as "".

export interface QueryErrorMessage {
  message: string;
  detail: string | null;
  data: string | null;
}

export interface QueryErrorBody {
  _status: { messages: QueryErrorMessage[] };
}

export function queryErrorMessage(message: string, detail: string | null = null, data: string | null = null): QueryErrorMessage {
  return { message, detail, data: data !== null && /^0x[0-9a-fA-F]+$/.test(data) ? data : null };
}

export function queryErrorBody(...messages: QueryErrorMessage[]): QueryErrorBody {
  return { _status: { messages } };
}
