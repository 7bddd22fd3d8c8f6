// Every named fault of the reference server, by group. Each names the contract rules that must catch it.
import type { Layer } from './layer.ts';
import { LEDGER_LIMIT_FAULTS } from './ledger-limits.ts';
import { STATUS_ENUM_FAULTS } from './status-enums.ts';

export const FAULTS: Layer[] = [...LEDGER_LIMIT_FAULTS, ...STATUS_ENUM_FAULTS];
