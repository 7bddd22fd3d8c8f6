import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { INTERFACES, SPECS_DIR, type InterfaceName } from '../spec/load-spec.ts';

export type RuleSource = 'contract' | 'observed';

export interface Rule {
  id: string;
  section: string;
  source: RuleSource;
  statement: string;
  endpoints?: string[];
  interface: InterfaceName;
}

const PREFIX: Record<InterfaceName, string> = { 'ledger-query': 'LQ', status: 'ST', verify: 'VF' };
export const RULE_ID = /^(LQ|ST|VF)-\d+(\.\d+)*-[a-z0-9]+(-[a-z0-9]+)*$/;

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

/** Reads and checks one catalogue file: well-formed ids with the interface's prefix, known sources. */
export function readCatalogueFile(path: string, name: InterfaceName): Rule[] {
  let doc: { prefix?: string; rules?: Array<Partial<Rule>> };
  try {
    doc = parseYaml(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new CatalogueError(`rule catalogue ${path} cannot be read: ${(error as Error).message}`);
  }
  if (doc?.prefix !== PREFIX[name] || !Array.isArray(doc.rules)) {
    throw new CatalogueError(`rule catalogue ${path} must have prefix ${PREFIX[name]} and a rules list`);
  }
  return doc.rules.map((r, i) => {
    const where = `${path} rule #${i + 1} (${r.id ?? 'no id'})`;
    if (typeof r.id !== 'string' || !RULE_ID.test(r.id) || !r.id.startsWith(`${PREFIX[name]}-`)) {
      throw new CatalogueError(`${where}: id must look like ${PREFIX[name]}-<section>-<slug>`);
    }
    if (r.source !== 'contract' && r.source !== 'observed') throw new CatalogueError(`${where}: source must be contract or observed`);
    if (typeof r.statement !== 'string' || !r.statement.trim()) throw new CatalogueError(`${where}: statement is missing`);
    if (typeof r.section !== 'string' || !r.id.startsWith(`${PREFIX[name]}-${r.section}-`)) {
      throw new CatalogueError(`${where}: section must be a string matching the id`);
    }
    return { id: r.id, section: r.section, source: r.source, statement: r.statement, endpoints: r.endpoints, interface: name };
  });
}

let cached: Map<string, Rule> | undefined;

/** All rules of the three catalogues by id; duplicate ids are an error. */
export function loadCatalogue(): Map<string, Rule> {
  if (cached) return cached;
  const rules = new Map<string, Rule>();
  for (const name of INTERFACES) {
    for (const rule of readCatalogueFile(`${SPECS_DIR}rules/${name}.yaml`, name)) {
      if (rules.has(rule.id)) throw new CatalogueError(`rule id ${rule.id} appears twice`);
      rules.set(rule.id, rule);
    }
  }
  cached = rules;
  return rules;
}

export function interfaceOfRule(id: string): InterfaceName {
  const entry = Object.entries(PREFIX).find(([, prefix]) => id.startsWith(`${prefix}-`));
  if (!entry) throw new CatalogueError(`rule id ${id} has no known prefix`);
  return entry[0] as InterfaceName;
}
