import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { knownValid, parseYamlRemembered, rememberValid } from '../../specs/content-memo.ts';
import { documentValidator, projectSchema } from '../spec/document-validator.ts';
import { INTERFACES, SPECS_DIR, type InterfaceName } from '../../specs/load-spec.ts';

export type RuleSource = 'contract' | 'observed';

/** One part of a statement that says several things: the rule passes only when each part held. */
export interface Clause {
  id: string;
  statement: string;
}

export interface Rule {
  id: string;
  section: string;
  source: RuleSource;
  statement: string;
  endpoints?: string[];
  clauses?: Clause[];
  /** The rule speaks only of answers where this occurred: where it never did, it is not evaluated. */
  condition?: string;
  interface: InterfaceName;
}

const PREFIX: Record<InterfaceName, string> = { 'ledger-query': 'LQ', status: 'ST', verify: 'VF' };

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

const SCHEMA = projectSchema('rule-catalogue');
/** The schema's own text names the check: a catalogue found valid stays so until the file or the schema changes. */
const VALIDATOR = `rule-catalogue schema ${createHash('sha256').update(JSON.stringify(SCHEMA)).digest('hex')}`;
/** The schema check, compiled the first time a catalogue text is not known valid. */
const checkDocument = documentValidator(SCHEMA, (SCHEMA.properties!.rules as { items: { properties: Record<string, object> } }).items.properties);

/**
 * Reads one catalogue file, checked against specs/schemas/rule-catalogue.schema.json (the schema
 * editors use), then for what a schema cannot say: the interface's prefix and ids that carry their section.
 */
export function readCatalogueFile(path: string, name: InterfaceName): Rule[] {
  let doc: { interface: string; prefix: string; rules: Array<Omit<Rule, 'interface'>> };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
    doc = parseYamlRemembered(text) as typeof doc;
  } catch (error) {
    throw new CatalogueError(`rule catalogue ${path} cannot be read: ${(error as Error).message}`);
  }
  if (!knownValid(VALIDATOR, text)) {
    const problem = checkDocument(doc);
    if (problem) throw new CatalogueError(`rule catalogue ${path}${problem.entry ? ` rule #${problem.entry}` : ''}: ${problem.message}`);
    rememberValid(VALIDATOR, text);
  }
  if (doc.prefix !== PREFIX[name] || doc.interface !== name) {
    throw new CatalogueError(`rule catalogue ${path} must be for interface ${name} with prefix ${PREFIX[name]}`);
  }
  return doc.rules.map((r, i) => {
    if (!r.id.startsWith(`${PREFIX[name]}-${r.section}-`)) {
      throw new CatalogueError(`${path} rule #${i + 1} (${r.id}): section must be a string matching the id`);
    }
    const clauseIds = (r.clauses ?? []).map((c) => c.id);
    if (new Set(clauseIds).size !== clauseIds.length) throw new CatalogueError(`${path} rule #${i + 1} (${r.id}): clause ids must be unique`);
    return { ...r, interface: name };
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

/** Is `clause` one of the rule's clauses? A clause named on a rule without clauses is an error too. */
export function ruleHasClause(rule: Rule, clause: string): boolean {
  return rule.clauses?.some((c) => c.id === clause) ?? false;
}
