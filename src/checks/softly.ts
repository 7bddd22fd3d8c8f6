import type { Check } from '../harness/rule-test.ts';
import { RuleViolation } from './rule-violation.ts';

/**
 * Runs a check that throws on its first violation and keeps that violation instead, so a loop
 * over many cases reports every broken case rather than stopping at the first. The evaluation was
 * already recorded where the violation was found.
 */
export async function softly(t: Check, check: () => Promise<unknown> | unknown): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof RuleViolation)) throw error;
    t.keepViolation(error);
  }
}
