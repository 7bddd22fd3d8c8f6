// Writes a generated ledger into the schema's tables, one bulk insert per table.
import type { PGlite } from '@electric-sql/pglite';
import type { LedgerData, KeyRecord } from '../../fixtures/ledger/ledger-model.ts';
import { insertRows } from './sql-literal.ts';

function keyPublicKey(key: KeyRecord | null): string | null {
  return key && key._type !== 'ProtobufEncoded' ? key.key : null;
}

export async function loadLedger(db: PGlite, data: LedgerData, transactionIndexes: Map<bigint, number>): Promise<void> {
  await insertRows(db, 'account',
    ['num', 'alias', 'evm_address', 'key', 'public_key', 'created_ns', 'expiry_ns', 'auto_renew_period', 'memo', 'deleted', 'decline_reward', 'staked_node_id', 'staked_account_num', 'stake_period_start_ns', 'max_automatic_token_associations', 'receiver_sig_required', 'ethereum_nonce', 'balance', 'pending_reward'],
    data.accounts.map((a) => [a.num, a.alias, a.evmAddress, a.key, keyPublicKey(a.key), a.createdNs, a.expiryNs, a.autoRenewPeriod, a.memo, a.deleted, a.declineReward, a.stakedNodeId, a.stakedAccountNum, a.stakePeriodStart, a.maxAutomaticTokenAssociations, a.receiverSigRequired, a.ethereumNonce, a.balance, a.pendingReward]));

  const supplyOf = new Map<number, bigint>();
  for (const h of data.tokenHoldings) supplyOf.set(h.tokenNum, (supplyOf.get(h.tokenNum) ?? 0n) + h.balance);
  await insertRows(db, 'token',
    ['num', 'name', 'symbol', 'type', 'decimals', 'initial_supply', 'total_supply', 'max_supply', 'supply_type', 'treasury_num', 'admin_key', 'kyc_key', 'freeze_key', 'wipe_key', 'supply_key', 'fee_schedule_key', 'pause_key', 'metadata_key', 'freeze_default', 'pause_status', 'memo', 'metadata', 'created_ns', 'modified_ns', 'expiry_ns', 'auto_renew_num', 'auto_renew_period', 'deleted', 'custom_fees'],
    data.tokens.map((t) => [t.num, t.name, t.symbol, t.type, t.decimals, t.initialSupply, supplyOf.get(t.num) ?? 0n, t.maxSupply, t.supplyType, t.treasuryNum, t.adminKey, t.kycKey, t.freezeKey, t.wipeKey, t.supplyKey, t.feeScheduleKey, t.pauseKey, t.metadataKey, t.freezeDefault, t.pauseStatus, t.memo, t.metadata, t.createdNs, t.modifiedNs, t.expiryNs, t.autoRenewNum, t.autoRenewPeriod, t.deleted, { fixed: t.fixedFees, fractional: t.fractionalFees, royalty: t.royaltyFees }]));
  await insertRows(db, 'token_balance', ['token_num', 'account_num', 'balance', 'associated_ns', 'frozen', 'kyc_granted'],
    data.tokenHoldings.map((h) => [h.tokenNum, h.accountNum, h.balance, h.associatedNs, h.frozen, h.kycGranted]));
  await insertRows(db, 'nft', ['token_num', 'serial', 'owner_num', 'metadata', 'created_ns', 'modified_ns', 'deleted', 'spender_num', 'delegating_spender_num'],
    data.nfts.map((n) => [n.tokenNum, n.serial, n.ownerNum, n.metadata, n.createdNs, n.modifiedNs, n.deleted, n.spenderNum, n.delegatingSpenderNum]));

  await insertRows(db, 'topic', ['num', 'admin_key', 'submit_key', 'fee_schedule_key', 'fee_exempt_key_list', 'auto_renew_num', 'auto_renew_period', 'created_ns', 'modified_ns', 'deleted', 'memo', 'fixed_fees'],
    data.topics.map((t) => [t.num, t.adminKey, t.submitKey, t.feeScheduleKey, t.feeExemptKeys, t.autoRenewNum, t.autoRenewPeriod, t.createdNs, t.modifiedNs, t.deleted, t.memo, t.fixedFees]));
  await insertRows(db, 'topic_message', ['consensus_ns', 'topic_num', 'sequence_number', 'message', 'payer_num', 'running_hash', 'running_hash_version', 'valid_start_ns', 'chunk'],
    data.topicMessages.map((m) => [m.consensusNs, m.topicNum, m.sequenceNumber, m.message, m.payerNum, m.runningHash, m.runningHashVersion, m.validStartNs,
      m.chunk ? { number: m.chunk.number, total: m.chunk.total, initial_valid_start_ns: m.chunk.initialValidStartNs.toString() } : null]));

  await insertRows(db, 'schedule', ['num', 'creator_num', 'payer_num', 'admin_key', 'consensus_ns', 'deleted', 'executed_ns', 'expiration_ns', 'memo', 'transaction_body', 'wait_for_expiry'],
    data.schedules.map((s) => [s.num, s.creatorNum, s.payerNum, s.adminKey, s.consensusNs, s.deleted, s.executedNs, s.expirationNs, s.memo, s.transactionBody, s.waitForExpiry]));
  await insertRows(db, 'schedule_signature', ['schedule_num', 'position', 'consensus_ns', 'public_key_prefix', 'signature', 'type'],
    data.schedules.flatMap((s) => s.signatures.map((sig, position) => [s.num, position, sig.consensusNs, sig.publicKeyPrefix, sig.signature, sig.type])));

  const txs = data.transactions;
  await insertRows(db, 'transaction',
    ['consensus_ns', 'payer_num', 'valid_start_ns', 'nonce', 'scheduled', 'name', 'result', 'node_num', 'entity_num', 'charged_tx_fee', 'max_fee', 'memo', 'valid_duration_seconds', 'parent_consensus_ns', 'hash', 'batch_key', 'high_volume', 'high_volume_multiplier', 'max_custom_fees', 'index_in_block'],
    txs.map((t) => [t.consensusNs, t.payerNum, t.validStartNs, t.nonce, t.scheduled, t.name, t.result, t.nodeNum, t.entityNum, t.chargedTxFee, t.maxFee, t.memo, t.validDurationSeconds, t.parentConsensusNs, t.hash, t.batchKey, t.highVolume, t.highVolumeMultiplier,
      t.maxCustomFees.map((f) => ({ account_num: f.accountNum, amount: f.amount, denominating_token_num: f.denominatingTokenNum })), transactionIndexes.get(t.consensusNs) ?? 0]));
  await insertRows(db, 'crypto_transfer', ['consensus_ns', 'account_num', 'amount', 'is_approval'],
    txs.flatMap((t) => t.transfers.map((x) => [t.consensusNs, x.accountNum, x.amount, x.isApproval])));
  await insertRows(db, 'token_transfer', ['consensus_ns', 'token_num', 'account_num', 'amount', 'is_approval'],
    txs.flatMap((t) => t.tokenTransfers.map((x) => [t.consensusNs, x.tokenNum, x.accountNum, x.amount, x.isApproval])));
  await insertRows(db, 'nft_transfer', ['consensus_ns', 'token_num', 'serial', 'sender_num', 'receiver_num', 'is_approval'],
    txs.flatMap((t) => t.nftTransfers.map((x) => [t.consensusNs, x.tokenNum, x.serial, x.senderNum, x.receiverNum, x.isApproval])));
  await insertRows(db, 'staking_reward_transfer', ['consensus_ns', 'account_num', 'amount'],
    txs.flatMap((t) => t.stakingRewardTransfers.map((x) => [t.consensusNs, x.accountNum, x.amount])));

  await insertRows(db, 'crypto_allowance', ['owner_num', 'spender_num', 'amount', 'amount_granted', 'timestamp_ns'],
    data.cryptoAllowances.map((a) => [a.ownerNum, a.spenderNum, a.amount, a.amountGranted, a.timestampNs]));
  await insertRows(db, 'token_allowance', ['owner_num', 'spender_num', 'token_num', 'amount', 'amount_granted', 'timestamp_ns'],
    data.tokenAllowances.map((a) => [a.ownerNum, a.spenderNum, a.tokenNum, a.amount, a.amountGranted, a.timestampNs]));
  await insertRows(db, 'nft_allowance', ['owner_num', 'spender_num', 'token_num', 'approved_for_all', 'timestamp_ns'],
    data.nftAllowances.map((a) => [a.ownerNum, a.spenderNum, a.tokenNum, a.approvedForAll, a.timestampNs]));
  // One airdrop row per sender/receiver/token/serial: a later airdrop of the same kind replaces the earlier.
  const airdrops = new Map<string, LedgerData['airdrops'][number]>();
  for (const a of data.airdrops) airdrops.set(`${a.senderNum}:${a.receiverNum}:${a.tokenNum}:${a.serial ?? 0}`, a);
  await insertRows(db, 'token_airdrop', ['sender_num', 'receiver_num', 'token_num', 'serial', 'amount', 'state', 'timestamp_ns'],
    [...airdrops.values()].map((a) => [a.senderNum, a.receiverNum, a.tokenNum, a.serial ?? 0, a.amount, a.state, a.timestampNs]));

  await insertRows(db, 'contract', ['num', 'evm_address', 'name', 'created_ns', 'file_num', 'admin_key', 'auto_renew_account_num', 'auto_renew_period', 'expiration_ns', 'memo', 'max_automatic_token_associations', 'nonce', 'deleted', 'creation_input', 'runtime_bytecode', 'deploy_block'],
    data.contracts.map((c) => [c.num, c.evmAddress, c.name, c.createdNs, c.fileNum, c.adminKey, c.autoRenewAccountNum, c.autoRenewPeriod, c.expirationNs, c.memo, c.maxAutomaticTokenAssociations, c.nonce, c.deleted, c.creationInput, c.runtimeBytecode, c.deployBlock]));
  await insertContractRecords(db, data);

  await insertRows(db, 'block', ['number', 'hash', 'previous_hash', 'from_ns', 'to_ns', 'count', 'gas_used', 'hapi_version', 'name', 'size', 'logs_bloom'],
    data.blocks.map((b) => [b.number, b.hash, b.previousHash, b.fromNs, b.toNs, b.count, b.gasUsed, b.hapiVersion, b.name, b.size, b.logsBloom]));
  await insertRows(db, 'node', ['node_id', 'account_num', 'description', 'memo', 'public_key', 'node_cert_hash', 'admin_key', 'service_endpoints', 'grpc_proxy_endpoint', 'stake', 'stake_rewarded', 'stake_not_rewarded', 'min_stake', 'max_stake', 'reward_rate_start', 'decline_reward', 'timestamp_ns'],
    data.nodes.map((n) => [n.nodeId, n.accountNum, n.description, n.memo, n.publicKey, n.nodeCertHash, n.adminKey, n.serviceEndpoints, n.grpcProxyEndpoint, n.stake, n.stakeRewarded, n.stakeNotRewarded, n.minStake, n.maxStake, n.rewardRateStart, n.declineReward, n.timestampNs]));
  const n = data.network;
  await insertRows(db, 'network_document', ['kind', 'document'], [
    ['supply', n.supply], ['exchange_rate', n.exchangeRate], ['fee_schedule', n.feeSchedule], ['stake', n.stake],
  ]);
}

/** Contract results, logs, state and actions (also used for results computed after generation). */
export async function insertContractRecords(db: PGlite, data: Pick<LedgerData, 'contractResults' | 'contractLogs' | 'contractState' | 'contractActions'>): Promise<void> {
  await insertRows(db, 'contract_result',
    ['consensus_ns', 'contract_num', 'payer_num', 'sender_evm', 'to_evm', 'amount', 'gas_limit', 'gas_used', 'gas_consumed', 'call_result', 'function_parameters', 'error_message', 'status', 'result', 'created_contract_nums', 'bloom', 'hash', 'nonce', 'transaction_index', 'block_number', 'gas_price', 'state_changes'],
    data.contractResults.map((r) => [r.consensusNs, r.contractNum, r.payerNum, r.senderEvm, r.toEvm, r.amount, r.gasLimit, r.gasUsed, r.gasConsumed, r.callResult, r.functionParameters, r.errorMessage, r.status, r.result, r.createdContractNums, r.bloom, r.hash, r.nonce, r.transactionIndex, r.blockNumber, r.gasPrice, r.stateChanges]));
  await insertRows(db, 'contract_log', ['consensus_ns', 'index', 'contract_num', 'root_contract_num', 'address', 'topics', 'topic0', 'topic1', 'topic2', 'topic3', 'data', 'bloom'],
    data.contractLogs.map((l) => [l.consensusNs, l.index, l.contractNum, l.rootContractNum, l.address, l.topics, l.topics[0] ?? null, l.topics[1] ?? null, l.topics[2] ?? null, l.topics[3] ?? null, l.data, l.bloom]));
  await insertRows(db, 'contract_state', ['contract_num', 'slot', 'value', 'modified_ns'],
    data.contractState.map((s) => [s.contractNum, s.slot, s.value, s.modifiedNs]));
  await insertRows(db, 'contract_action', ['consensus_ns', 'index', 'call_depth', 'call_operation_type', 'call_type', 'caller_num', 'caller_type', 'from_evm', 'gas', 'gas_used', 'input', 'recipient_num', 'recipient_type', 'result_data', 'result_data_type', 'to_evm', 'value'],
    data.contractActions.map((a) => [a.consensusNs, a.index, a.callDepth, a.callOperationType, a.callType, a.callerNum, a.callerType, a.fromEvm, a.gas, a.gasUsed, a.input, a.recipientNum, a.recipientType, a.resultData, a.resultDataType, a.toEvm, a.value]));
}
