// NFT records as the account and token NFT endpoints list them.
import { formatEntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';
import { base64, int } from './wire-format.ts';
import type { JsonValue } from './json-body.ts';

export interface NftRow {
  token_num: bigint; serial: bigint; owner_num: bigint | null; metadata: Uint8Array; created_ns: bigint; modified_ns: bigint; deleted: boolean;
  spender_num: bigint | null; delegating_spender_num: bigint | null;
}

export function nftJson(n: NftRow): { [key: string]: JsonValue } {
  return {
    account_id: formatEntityId(n.owner_num), created_timestamp: formatTimestamp(n.created_ns), delegating_spender: formatEntityId(n.delegating_spender_num),
    deleted: n.deleted, metadata: base64(n.metadata), modified_timestamp: formatTimestamp(n.modified_ns), serial_number: int(n.serial),
    spender: formatEntityId(n.spender_num), token_id: formatEntityId(n.token_num),
  };
}
