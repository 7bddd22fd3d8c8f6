import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleRow } from '../report/rule-verdicts.ts';
import type { DriftFinding } from './compare-documents.ts';

/** What `--drift` found, as the run leaves it in drift.json (the live verdicts are added by the report). */
export interface DriftData {
  /** compared: a document was found and compared; otherwise why not. */
  status: 'compared' | 'not-published' | 'unreadable' | 'skipped';
  source?: string;
  message: string;
  publishedVersion?: string;
  findings: DriftFinding[];
  /** The fetch was answered with a 5xx: a violation of the no-server-error rule, redacted. */
  serverError?: DriftServerError;
}

export interface DriftServerError {
  rule: string;
  message: string;
  method: string;
  url: string;
  request: string;
  curl: string;
}

export interface DriftRuleEntry {
  rule: string;
  /** The rule's verdict in this run: what the live target actually did. */
  verdict: string;
  findings: DriftFinding[];
}

export function driftPaths(reportDir: string) {
  return { json: join(reportDir, 'drift.json'), text: join(reportDir, 'drift.txt') };
}

export function readDriftData(reportDir: string): DriftData | undefined {
  const { json } = driftPaths(reportDir);
  if (!existsSync(json)) return undefined;
  const raw = JSON.parse(readFileSync(json, 'utf8')) as DriftData;
  return { status: raw.status, source: raw.source, message: raw.message, publishedVersion: raw.publishedVersion, findings: raw.findings ?? [], ...(raw.serverError ? { serverError: raw.serverError } : {}) };
}

function byRule(data: DriftData, rows: RuleRow[]): DriftRuleEntry[] {
  const verdictOf = new Map(rows.map((r) => [r.rule.id, r.verdict as string]));
  const entries = new Map<string, DriftRuleEntry>();
  for (const f of data.findings) {
    for (const rule of f.rules) {
      const entry = entries.get(rule) ?? { rule, verdict: verdictOf.get(rule) ?? 'not run', findings: [] };
      entry.findings.push(f);
      entries.set(rule, entry);
    }
  }
  return [...entries.values()].sort((a, b) => a.rule.localeCompare(b.rule));
}

/**
 * Writes drift.txt and drift.json: per catalogue rule, where the target's published document
 * disagrees with the contract, next to the rule's verdict in this run. Returns the summary line.
 */
export function writeDriftReport(reportDir: string, data: DriftData, rows: RuleRow[]): string {
  const paths = driftPaths(reportDir);
  const rules = byRule(data, rows);
  writeFileSync(paths.json, JSON.stringify({ ...data, rules }, null, 2));
  const lines: string[] = [];
  if (data.status !== 'compared') {
    lines.push(`Spec drift: not compared. ${data.message}`);
    writeFileSync(paths.text, `${lines.join('\n')}\n`);
    return `drift: not compared: ${data.message}`;
  }
  lines.push(`Spec drift: the target's published OpenAPI document against the contract`);
  lines.push(`  published document: ${data.source} (version ${data.publishedVersion ?? 'not stated'})`);
  lines.push(`  ${data.findings.length} disagreement(s) over ${rules.length} rule(s). "live" is what the target did in this run:`);
  lines.push(`  a disagreement on a rule that passed live is a documentation problem; on a failed rule the document explains the failure.`);
  for (const entry of rules) {
    lines.push('', `${entry.rule}  (live: ${entry.verdict})`);
    for (const f of entry.findings) {
      lines.push(`  ${f.operation}  ${f.where}  ${f.aspect}: contract ${f.contract}; published ${f.published}`);
    }
  }
  writeFileSync(paths.text, `${lines.join('\n')}\n`);
  return rules.length
    ? `drift: ${data.findings.length} disagreement(s) over ${rules.length} rule(s) between the published document and the contract: see ${paths.text}`
    : `drift: the published document (${data.source}) agrees with the contract on every compared element`;
}
