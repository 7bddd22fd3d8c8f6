import { HTTP_METHODS } from '../../specs/operations.ts';
import { COMPARED_KEYWORDS, deref, isNode, viewSchema, type Node } from './schema-view.ts';

/** One place where the published document says something else than the contract. */
export interface DriftFinding {
  /** Catalogue rules the disagreeing element carries (nearest `x-rules`, else the operation's). */
  rules: string[];
  /** `GET /api/v1/transactions`, or `document` for document-wide facts. */
  operation: string;
  /** Where inside the operation: `parameter limit`, `response 200 transactions[].max_fee`. */
  where: string;
  /** What differs: `type`, `maximum`, `pattern`, `missing parameter`, ... */
  aspect: string;
  contract: string;
  published: string;
}

const MAX_DEPTH = 10;

/** Words in rule ids that say which kind of fact a rule is about, per compared aspect. */
const ASPECT_WORDS: Record<string, RegExp> = {
  default: /default/,
  minimum: /minimum|range|length/,
  maximum: /maximum|range|length/,
  exclusiveMinimum: /minimum|range/,
  exclusiveMaximum: /maximum|range/,
  minLength: /length|range/,
  maxLength: /length|range/,
  pattern: /pattern|format|form/,
  enum: /enum|values/,
  required: /required|fields|envelope/,
};

/** An element may carry several rules (limit: range and default); a finding goes to the ones its aspect is about. */
function rulesForAspect(rules: string[], aspect: string): string[] {
  const words = ASPECT_WORDS[aspect];
  const narrowed = words ? rules.filter((r) => words.test(r)) : [];
  return narrowed.length ? narrowed : rules;
}

function show(value: unknown): string {
  if (value === undefined) return '(not stated)';
  if (value instanceof Set) return [...value].sort().join(' | ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Marks elements that are not contract: facts of the reference notes, or parts the contract leaves open. */
function notContract(node: Node): boolean {
  return node['x-observed'] === true || node['x-unspecified'] === true;
}

function templateKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');
}

/** The published document's paths keyed like ours, with a server path such as `/api/v1` prepended when its paths omit it. */
function publishedPaths(doc: Node): Map<string, { path: string; item: Node }> {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  const first = isNode(servers[0]) && typeof servers[0].url === 'string' ? servers[0].url : '';
  const serverPath = first.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, '');
  const out = new Map<string, { path: string; item: Node }>();
  for (const [path, item] of Object.entries(isNode(doc.paths) ? doc.paths : {})) {
    if (!isNode(item)) continue;
    const full = serverPath && !path.startsWith(`${serverPath}/`) ? `${serverPath}${path}` : path;
    out.set(templateKey(full), { path: full, item });
  }
  return out;
}

function parametersOf(doc: Node, item: Node, op: Node): Node[] {
  const byKey = new Map<string, Node>();
  for (const raw of [...(Array.isArray(item.parameters) ? item.parameters : []), ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
    const p = deref(doc, raw);
    if (p && typeof p.name === 'string') byKey.set(`${String(p.in)}:${p.name.toLowerCase()}`, p);
  }
  return [...byKey.values()];
}

function jsonSchemaOf(doc: Node, holder: unknown): unknown {
  const h = deref(doc, holder);
  if (!h || !isNode(h.content)) return undefined;
  const key = Object.keys(h.content).find((k) => /json/i.test(k));
  const media = key ? h.content[key] : undefined;
  return isNode(media) ? media.schema : undefined;
}

class Comparison {
  readonly findings: DriftFinding[] = [];
  constructor(
    private readonly ours: Node,
    private readonly theirs: Node,
  ) {}

  add(rules: string[], operation: string, where: string, aspect: string, contract: unknown, published: unknown): void {
    if (rules.length === 0) return;
    this.findings.push({ rules: [...new Set(rulesForAspect(rules, aspect))], operation, where: where.trim(), aspect, contract: show(contract), published: show(published) });
  }

  /** Compares what the contract states of a schema with the published schema at the same place. */
  schema(oursValue: unknown, theirsValue: unknown, ctx: { operation: string; where: string; rules: string[] }, depth = 0): void {
    const a = viewSchema(this.ours, oursValue);
    const b = viewSchema(this.theirs, theirsValue);
    if (!a || !b || depth > MAX_DEPTH || notContract(a.node)) return;
    const rules = a.rules.length ? a.rules : ctx.rules;
    const at = (aspect: string, contract: unknown, published: unknown) => this.add(rules, ctx.operation, ctx.where, aspect, contract, published);

    if (a.types && b.types && show(a.types) !== show(b.types)) at('type', a.types, b.types);
    if (a.enum) {
      const missing = a.enum.filter((v) => !b.enum?.some((w) => w === v));
      const extra = (b.enum ?? []).filter((v) => !a.enum!.some((w) => w === v));
      if (!b.enum) at('enum', `one of ${a.enum.length} values`, 'any value');
      else if (missing.length || extra.length) {
        at('enum', missing.length ? `also ${show(missing)}` : `${a.enum.length} values`, extra.length ? `also ${show(extra)}` : `lacks ${show(missing)}`);
      }
    }
    for (const k of COMPARED_KEYWORDS) {
      if (a.keywords[k] === undefined) continue;
      if (JSON.stringify(a.keywords[k]) !== JSON.stringify(b.keywords[k])) at(k, a.keywords[k], b.keywords[k]);
    }
    if (a.properties.size) {
      if (!b.properties.size && !b.items) at('fields', `${a.properties.size} field(s)`, 'no fields declared');
      else {
        for (const [name, schema] of a.properties) {
          const node = deref(this.ours, schema);
          if (!node || notContract(node)) continue;
          const where = `${ctx.where}${ctx.where.endsWith(' ') ? '' : '.'}${name}`;
          if (!b.properties.has(name)) this.add(Array.isArray(node['x-rules']) ? (node['x-rules'] as string[]) : rules, ctx.operation, where, 'missing field', 'declared', 'absent');
          else this.schema(schema, b.properties.get(name), { operation: ctx.operation, where, rules }, depth + 1);
        }
        for (const name of [...a.required].filter((r) => a.properties.has(r) && b.properties.has(r) && !b.required.has(r))) {
          const field = deref(this.ours, a.properties.get(name));
          const fieldRules = Array.isArray(field?.['x-rules']) ? (field['x-rules'] as string[]) : rules;
          this.add(fieldRules, ctx.operation, `${ctx.where}${ctx.where.endsWith(' ') ? '' : '.'}${name}`, 'required', 'required', 'optional');
        }
      }
    }
    if (a.items !== undefined && b.items !== undefined) {
      this.schema(a.items, b.items, { operation: ctx.operation, where: `${ctx.where}[]`, rules }, depth + 1);
    }
  }

  parameters(opName: string, ours: Node[], theirs: Node[], ourPath: string, theirPath: string, opRules: string[]): void {
    const pathNames = (p: string) => [...p.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!);
    const ourPathNames = pathNames(ourPath);
    const theirPathNames = pathNames(theirPath);
    for (const p of ours) {
      if (notContract(p)) continue;
      const name = String(p.name);
      const rules = (p['x-rules'] as string[] | undefined) ?? opRules;
      // Path parameters are matched by position: the published document may name {id} {scheduleId}.
      const match = p.in === 'path'
        ? theirs.find((q) => q.in === 'path' && q.name === theirPathNames[ourPathNames.indexOf(name)])
        : theirs.find((q) => q.in === p.in && String(q.name).toLowerCase() === name.toLowerCase());
      const where = `${String(p.in)} parameter ${name}`;
      if (!match) {
        // Names known only from the reference notes are not the contract's to demand.
        if (p['x-observed-name'] !== true) this.add(rules, opName, where, 'missing parameter', 'declared', 'absent');
        continue;
      }
      if (p.required === true && match.required !== true) this.add(rules, opName, where, 'required', 'required', 'optional');
      this.schema(p.schema, match.schema, { operation: opName, where, rules });
    }
  }
}

/**
 * Compares our contract document with a document the target publishes, operation by operation:
 * parameters, request body and the JSON responses the contract states. Only contract facts are
 * compared (elements marked x-observed or x-unspecified are skipped); each finding names the
 * catalogue rules of the element it concerns.
 */
export function compareDocuments(ours: Node, theirs: Node, documentRules: { version: string[]; operation: string[] }): DriftFinding[] {
  const c = new Comparison(ours, theirs);
  const ourInfo = isNode(ours.info) ? ours.info : {};
  const theirInfo = isNode(theirs.info) ? theirs.info : {};
  if (ourInfo.version !== theirInfo.version) c.add(documentRules.version, 'document', 'info.version', 'definition version', ourInfo.version, theirInfo.version);

  const published = publishedPaths(theirs);
  for (const [path, rawItem] of Object.entries(isNode(ours.paths) ? ours.paths : {})) {
    const item = deref(ours, rawItem);
    if (!item) continue;
    const match = published.get(templateKey(path));
    for (const method of HTTP_METHODS) {
      const op = deref(ours, item[method]);
      if (!op || notContract(op)) continue;
      const opName = `${method.toUpperCase()} ${path}`;
      // Operations of the 4.6 table carry no rule of their own: their existence is the document-wide rule.
      const opRules = Array.isArray(op['x-rules']) ? (op['x-rules'] as string[]) : documentRules.operation;
      const theirOp = match ? deref(theirs, match.item[method]) : undefined;
      if (!match || !theirOp) {
        c.add(opRules, opName, 'operation', 'missing operation', 'declared', 'absent');
        continue;
      }
      c.parameters(opName, parametersOf(ours, item, op), parametersOf(theirs, match.item, theirOp), path, match.path, opRules);
      const ourBody = jsonSchemaOf(ours, op.requestBody);
      const theirBody = jsonSchemaOf(theirs, theirOp.requestBody);
      if (ourBody !== undefined && theirBody === undefined) c.add(opRules, opName, 'request body', 'missing JSON body', 'application/json', 'not declared');
      if (ourBody !== undefined && theirBody !== undefined) c.schema(ourBody, theirBody, { operation: opName, where: 'request body ', rules: opRules });

      const ourResponses = isNode(op.responses) ? op.responses : {};
      const theirResponses = isNode(theirOp.responses) ? theirOp.responses : {};
      for (const [code, raw] of Object.entries(ourResponses)) {
        const response = deref(ours, raw);
        if (!response || code === 'default' || notContract(response)) continue;
        const rules = (response['x-rules'] as string[] | undefined) ?? opRules;
        if (!(code in theirResponses)) {
          c.add(rules, opName, `response ${code}`, 'missing response', 'declared', 'absent');
          continue;
        }
        const ourSchema = jsonSchemaOf(ours, response);
        const theirSchema = jsonSchemaOf(theirs, theirResponses[code]);
        if (ourSchema !== undefined && theirSchema !== undefined) c.schema(ourSchema, theirSchema, { operation: opName, where: `response ${code} `, rules });
      }
    }
  }
  return c.findings;
}
