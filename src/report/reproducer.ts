// Writes the reproducer of a failed test: reproduce.sh with one curl per request, and every long or
// binary request body in a file beside it, so the replay sends exactly the bytes the test sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { toCurl } from '../http/curl.ts';
import type { Exchange } from '../http/exchange.ts';

/** The folder of the report directory that holds one reproducer folder per failed test. */
export const REPRODUCERS_DIR = 'reproducers';

/** Bodies longer than this go to a file, so the curl line a summary shows stays whole and readable. */
export const INLINE_BODY_LIMIT = 400;

/** Answer bodies rarely end in a newline: one after each keeps the next status line on a line of its own. */
const ANSWER_END = 'echo';

export interface Reproducer {
  /** The text of reproduce.sh. */
  script: string;
  /** Per exchange (same order as given): a curl line that runs from any directory. */
  curls: string[];
}

/**
 * Where a test's reproducer goes: reports/reproducers/<title>-<test id>/ (beside the exchange log),
 * or nowhere when the run records no evidence.
 */
export function reproducerDir(config: { exchangeLog?: string }, testId: string, title: string): string | undefined {
  if (!config.exchangeLog) return undefined;
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
  return join(dirname(config.exchangeLog), REPRODUCERS_DIR, `${slug || 'test'}-${testId.replace(/[^A-Za-z0-9_-]/g, '')}`);
}

function needsFile(ex: Exchange): boolean {
  return ex.requestBody !== undefined && (ex.requestBodyEncoding === 'base64' || ex.requestBody.length > INLINE_BODY_LIMIT);
}

/**
 * Builds the reproducer of `exchanges` (already redacted). With `dir`, writes reproduce.sh and the
 * body files there; without one (no report directory) long bodies stay inline.
 */
export function writeReproducer(exchanges: Exchange[], dir?: string): Reproducer {
  if (dir) mkdirSync(dir, { recursive: true });
  const lines = ['#!/bin/sh', '# Replays the requests of a failed conformance test; request bodies that are long or binary', '# are read from the files beside this script.', 'cd "$(dirname "$0")" || exit 1'];
  const curls = exchanges.map((ex, i) => {
    if (!dir || !needsFile(ex)) {
      const curl = toCurl(ex);
      lines.push(curl, ANSWER_END);
      return curl;
    }
    const name = `request-${i + 1}.body`;
    writeFileSync(join(dir, name), Buffer.from(ex.requestBody!, ex.requestBodyEncoding === 'base64' ? 'base64' : 'utf8'));
    lines.push(toCurl(ex, name), ANSWER_END);
    return toCurl(ex, join(dir, name));
  });
  const script = `${lines.join('\n')}\n`;
  if (dir) writeFileSync(join(dir, 'reproduce.sh'), script, { mode: 0o755 });
  return { script, curls };
}
