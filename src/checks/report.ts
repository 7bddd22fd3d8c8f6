import type { Exchange } from '../http/exchange.ts';

/**
 * How a check reports a finding: `t.soft` to record it and carry on, or `expectRule` to stop at
 * it (inside a property, so fast-check shrinks the input that broke it).
 */
export type Report = (rule: string, holds: boolean, detail: string, exchange?: Exchange, clause?: string) => void;
