// Transaction IDs `shard.realm.num-seconds-nanos`: the payer's entity ID and the valid-start time.
// Answers pad the nanoseconds to nine digits; requests may give 1 to 9 digits (a count, not a fraction).
import { formatEntityId, type EntityId } from './entity-id.ts';
import { formatTimestamp } from './ledger-timestamp.ts';

const TRANSACTION_ID = /^(\d{1,10})\.(\d{1,10})\.(\d{1,10})-(\d{1,19})-(\d{1,9})$/;

export function transactionId(payerNum: bigint | number, validStartNs: bigint): string {
  const [seconds, nanos] = formatTimestamp(validStartNs).split('.');
  return `${formatEntityId(payerNum)}-${seconds}-${nanos}`;
}

/** The payer and valid start a transaction ID names, or undefined when the text is not one. */
export function parseTransactionId(text: string): { payer: EntityId; validStartNs: bigint } | undefined {
  const match = TRANSACTION_ID.exec(text);
  if (!match) return undefined;
  const [, shard, realm, num, seconds, nanos] = match;
  return { payer: { shard: BigInt(shard!), realm: BigInt(realm!), num: BigInt(num!) }, validStartNs: BigInt(seconds!) * 1_000_000_000n + BigInt(nanos!) };
}
