import { ConfigError } from './run-config.ts';

/** A seed as the user gave it, and the number fast-check runs on. */
export interface Seed {
  /** Printed as given: a 20-digit seed has no exact number. */
  text: string;
  value: number;
}

/**
 * Reads --seed for `run` and `self-check` alike: an integer of at most 20 digits. fast-check runs on
 * the seed itself when it is exact, otherwise on a 32-bit hash of its digits (the same every time).
 */
export function parseSeed(flag: string, given: string): Seed {
  const text = given.trim();
  if (!/^-?\d{1,20}$/.test(text)) throw new ConfigError(`${flag} must be an integer of at most 20 digits, got "${given}"`);
  const n = Number(text);
  if (Number.isSafeInteger(n)) return { text, value: n };
  let hash = 0;
  for (const c of text) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return { text, value: hash };
}
