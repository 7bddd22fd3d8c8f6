-- Ledger query service storage. Entity ids are the `num` of 0.0.num (shard and realm are 0);
-- timestamps are integer nanoseconds since the epoch (columns ending in _ns).

create table account (
  num bigint primary key,
  alias text,
  evm_address text not null,
  key jsonb,
  public_key text,
  created_ns bigint not null,
  expiry_ns bigint,
  auto_renew_period bigint not null,
  memo text not null,
  deleted boolean not null,
  decline_reward boolean not null,
  staked_node_id integer,
  staked_account_num bigint,
  stake_period_start_ns bigint,
  max_automatic_token_associations integer not null,
  receiver_sig_required boolean not null,
  ethereum_nonce bigint not null,
  balance bigint not null,
  pending_reward bigint not null
);
create index account_alias on account (alias);
create index account_evm_address on account (evm_address);

create table token (
  num bigint primary key,
  name text not null,
  symbol text not null,
  type text not null,
  decimals integer not null,
  initial_supply numeric not null,
  total_supply numeric not null,
  max_supply numeric not null,
  supply_type text not null,
  treasury_num bigint not null,
  admin_key jsonb, kyc_key jsonb, freeze_key jsonb, wipe_key jsonb, supply_key jsonb,
  fee_schedule_key jsonb, pause_key jsonb, metadata_key jsonb,
  freeze_default boolean not null,
  pause_status text not null,
  memo text not null,
  metadata bytea not null,
  created_ns bigint not null,
  modified_ns bigint not null,
  expiry_ns bigint not null,
  auto_renew_num bigint,
  auto_renew_period bigint not null,
  deleted boolean not null,
  custom_fees jsonb not null
);

create table token_balance (
  token_num bigint not null,
  account_num bigint not null,
  balance numeric not null,
  associated_ns bigint not null,
  frozen boolean not null,
  kyc_granted boolean not null,
  primary key (token_num, account_num)
);
create index token_balance_account on token_balance (account_num, token_num);

create table nft (
  token_num bigint not null,
  serial bigint not null,
  owner_num bigint,
  metadata bytea not null,
  created_ns bigint not null,
  modified_ns bigint not null,
  deleted boolean not null,
  spender_num bigint,
  delegating_spender_num bigint,
  primary key (token_num, serial)
);
create index nft_owner on nft (owner_num, token_num, serial);

create table topic (
  num bigint primary key,
  admin_key jsonb, submit_key jsonb, fee_schedule_key jsonb,
  fee_exempt_key_list jsonb not null,
  auto_renew_num bigint not null,
  auto_renew_period bigint not null,
  created_ns bigint not null,
  modified_ns bigint not null,
  deleted boolean not null,
  memo text not null,
  fixed_fees jsonb not null
);

create table topic_message (
  consensus_ns bigint primary key,
  topic_num bigint not null,
  sequence_number bigint not null,
  message bytea not null,
  payer_num bigint not null,
  running_hash bytea not null,
  running_hash_version integer not null,
  valid_start_ns bigint not null,
  chunk jsonb
);
create unique index topic_message_sequence on topic_message (topic_num, sequence_number);

create table schedule (
  num bigint primary key,
  creator_num bigint not null,
  payer_num bigint not null,
  admin_key jsonb,
  consensus_ns bigint not null,
  deleted boolean not null,
  executed_ns bigint,
  expiration_ns bigint,
  memo text not null,
  transaction_body bytea not null,
  wait_for_expiry boolean not null
);
create index schedule_creator on schedule (creator_num, num);

create table schedule_signature (
  schedule_num bigint not null,
  position integer not null,
  consensus_ns bigint not null,
  public_key_prefix bytea not null,
  signature bytea not null,
  type text not null,
  primary key (schedule_num, position)
);

create table transaction (
  consensus_ns bigint primary key,
  payer_num bigint not null,
  valid_start_ns bigint not null,
  nonce integer not null,
  scheduled boolean not null,
  name text not null,
  result text not null,
  node_num bigint not null,
  entity_num bigint not null,
  charged_tx_fee bigint not null,
  max_fee bigint not null,
  memo bytea not null,
  valid_duration_seconds bigint not null,
  parent_consensus_ns bigint not null,
  hash bytea not null,
  batch_key jsonb,
  high_volume boolean not null,
  high_volume_multiplier double precision not null,
  max_custom_fees jsonb not null,
  index_in_block integer not null
);
create index transaction_id on transaction (payer_num, valid_start_ns);
create index transaction_hash on transaction (hash);
create index transaction_payer on transaction (payer_num, consensus_ns);
create index transaction_entity on transaction (entity_num, consensus_ns);

create table crypto_transfer (
  consensus_ns bigint not null,
  account_num bigint not null,
  amount bigint not null,
  is_approval boolean not null
);
create index crypto_transfer_account on crypto_transfer (account_num, consensus_ns);
create index crypto_transfer_ts on crypto_transfer (consensus_ns);

create table token_transfer (
  consensus_ns bigint not null,
  token_num bigint not null,
  account_num bigint not null,
  amount bigint not null,
  is_approval boolean not null
);
create index token_transfer_account on token_transfer (account_num, consensus_ns);
create index token_transfer_ts on token_transfer (consensus_ns);

create table nft_transfer (
  consensus_ns bigint not null,
  token_num bigint not null,
  serial bigint not null,
  sender_num bigint not null,
  receiver_num bigint not null,
  is_approval boolean not null
);
create index nft_transfer_ts on nft_transfer (consensus_ns);
create index nft_transfer_serial on nft_transfer (token_num, serial, consensus_ns);
create index nft_transfer_sender on nft_transfer (sender_num);
create index nft_transfer_receiver on nft_transfer (receiver_num);

create table staking_reward_transfer (
  consensus_ns bigint not null,
  account_num bigint not null,
  amount bigint not null
);
create index staking_reward_account on staking_reward_transfer (account_num, consensus_ns);

create table crypto_allowance (
  owner_num bigint not null, spender_num bigint not null,
  amount bigint not null, amount_granted bigint not null, timestamp_ns bigint not null,
  primary key (owner_num, spender_num)
);
create table token_allowance (
  owner_num bigint not null, spender_num bigint not null, token_num bigint not null,
  amount bigint not null, amount_granted bigint not null, timestamp_ns bigint not null,
  primary key (owner_num, spender_num, token_num)
);
create table nft_allowance (
  owner_num bigint not null, spender_num bigint not null, token_num bigint not null,
  approved_for_all boolean not null, timestamp_ns bigint not null,
  primary key (owner_num, spender_num, token_num)
);

create table token_airdrop (
  sender_num bigint not null,
  receiver_num bigint not null,
  token_num bigint not null,
  serial bigint not null,
  amount bigint,
  state text not null,
  timestamp_ns bigint not null,
  primary key (sender_num, receiver_num, token_num, serial)
);

create table contract (
  num bigint primary key,
  evm_address text not null unique,
  name text not null,
  created_ns bigint not null,
  file_num bigint,
  admin_key jsonb,
  auto_renew_account_num bigint,
  auto_renew_period bigint not null,
  expiration_ns bigint not null,
  memo text not null,
  max_automatic_token_associations integer not null,
  nonce bigint not null,
  deleted boolean not null,
  creation_input text not null,
  runtime_bytecode text not null,
  deploy_block integer not null,
  -- Compiler facts of a fixture contract, so the contract store can describe its deployment.
  abi jsonb not null default '[]',
  contract_identifier text,
  compiler_version text
);

create table contract_result (
  consensus_ns bigint primary key,
  contract_num bigint not null,
  payer_num bigint not null,
  sender_evm text not null,
  to_evm text,
  amount bigint not null,
  gas_limit bigint not null,
  gas_used bigint not null,
  gas_consumed bigint not null,
  call_result text not null,
  function_parameters text not null,
  error_message text,
  status text not null,
  result text not null,
  created_contract_nums jsonb not null,
  bloom text not null,
  hash text not null,
  nonce bigint not null,
  transaction_index integer not null,
  block_number integer not null,
  gas_price text not null,
  state_changes jsonb not null
);
create index contract_result_contract on contract_result (contract_num, consensus_ns);
create index contract_result_hash on contract_result (hash);

create table contract_log (
  consensus_ns bigint not null,
  index integer not null,
  contract_num bigint not null,
  root_contract_num bigint not null,
  address text not null,
  topics jsonb not null,
  topic0 text, topic1 text, topic2 text, topic3 text,
  data text not null,
  bloom text not null,
  primary key (consensus_ns, index)
);
create index contract_log_contract on contract_log (contract_num, consensus_ns);

create table contract_state (
  contract_num bigint not null,
  slot text not null,
  value text not null,
  modified_ns bigint not null,
  primary key (contract_num, slot)
);

create table contract_action (
  consensus_ns bigint not null,
  index integer not null,
  call_depth integer not null,
  call_operation_type text not null,
  call_type text not null,
  caller_num bigint not null,
  caller_type text not null,
  from_evm text not null,
  gas bigint not null,
  gas_used bigint not null,
  input text not null,
  recipient_num bigint not null,
  recipient_type text not null,
  result_data text not null,
  result_data_type text not null,
  to_evm text not null,
  value bigint not null,
  primary key (consensus_ns, index)
);

create table block (
  number integer primary key,
  hash text not null unique,
  previous_hash text not null,
  from_ns bigint not null,
  to_ns bigint not null,
  count integer not null,
  gas_used bigint not null,
  hapi_version text not null,
  name text not null,
  size integer not null,
  logs_bloom text not null
);
create index block_range on block (from_ns, to_ns);

create table node (
  node_id integer primary key,
  account_num bigint not null,
  description text not null,
  memo text not null,
  public_key text not null,
  node_cert_hash text not null,
  admin_key jsonb not null,
  service_endpoints jsonb not null,
  grpc_proxy_endpoint jsonb,
  stake bigint not null,
  stake_rewarded bigint not null,
  stake_not_rewarded bigint not null,
  min_stake bigint not null,
  max_stake bigint not null,
  reward_rate_start bigint not null,
  decline_reward boolean not null,
  timestamp_ns bigint not null
);

-- Single network-wide documents (supply, exchange rate, fee schedule, staking), one row each.
create table network_document (
  kind text primary key,
  document jsonb not null
);
