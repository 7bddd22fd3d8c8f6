// Self-test of the machine-readable contract of the status and verification interfaces:
// the two OpenAPI documents are valid, their x-rules point into the catalogues, the catalogues are
// well-formed, and the schemas accept and reject a few hand-written documents as the contract says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { loadSpec, readSpecDocument, specPath, SPECS_DIR } from '../specs/load-spec.ts';
import { collectRuleRefs } from './collect-rule-refs.ts';

// ajv-formats is CommonJS; under NodeNext its default import is typed as the module object.
const addFormats = ((formatsModule as any).default ?? formatsModule) as typeof formatsModule.default;

type Rule = { id: string; section: string; source: string; statement: string; endpoints?: string[] };
type Catalogue = { interface: string; prefix: string; rules: Rule[] };
type Doc = Record<string, any>;

const documents: Record<'status' | 'verify', Doc> = {
  status: await readSpecDocument(specPath('status')),
  verify: await readSpecDocument(specPath('verify')),
};
// Read as written, headers included: the catalogue loader keeps only the rules.
const catalogues: Record<'status' | 'verify', Catalogue> = {
  status: parse(readFileSync(`${SPECS_DIR}rules/status.yaml`, 'utf8')),
  verify: parse(readFileSync(`${SPECS_DIR}rules/verify.yaml`, 'utf8')),
};

/** Every schema object (has a type, properties, items, allOf...) in which `pred` holds. */
function findSchemas(node: unknown, pred: (s: Doc) => boolean, out: Doc[] = []): Doc[] {
  if (Array.isArray(node)) node.forEach((n) => findSchemas(n, pred, out));
  else if (node && typeof node === 'object') {
    if (pred(node as Doc)) out.push(node as Doc);
    Object.values(node).forEach((v) => findSchemas(v, pred, out));
  }
  return out;
}

/** An ajv instance holding one OpenAPI document's component schemas, addressable by name. */
function schemaValidator(doc: Doc) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  addFormats(ajv);
  ajv.addVocabulary(['x-rules', 'x-observed', 'x-unspecified', 'x-contract-enum', 'x-observed-values', 'x-observed-extension']);
  // The component schemas become the $defs of one schema; their $refs are re-pointed accordingly.
  const id = 'https://ledger-conformance.local/openapi-components.json';
  const defs = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/'));
  ajv.addSchema({ $id: id, $defs: defs });
  return (name: string, value: unknown): boolean => {
    const validate = ajv.getSchema(`${id}#/$defs/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    return validate(value) as boolean;
  };
}

describe('OpenAPI documents of the status and verification interfaces', () => {
  for (const name of ['status', 'verify'] as const) {
    it(`${name}.openapi.yaml passes swagger-parser validate()`, async () => {
      // Straight to the validator: loadSpec skips texts it validated before (validated-spec-memo.ts).
      await expect(SwaggerParser.validate(await readSpecDocument(specPath(name)) as never)).resolves.toBeTruthy();
    });

    it(`${name}.openapi.yaml is OpenAPI 3.1.0, version 1.0.0, with a server variable`, () => {
      const doc = documents[name];
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.info.version).toBe('1.0.0');
      expect(Object.keys(doc.servers[0].variables)).toEqual([`${name}_url`]);
    });

    it(`${name}.openapi.yaml uses no nullable keyword and makes no observed field required`, () => {
      const doc = documents[name];
      expect(findSchemas(doc, (s) => 'nullable' in s)).toEqual([]);
      for (const schema of findSchemas(doc, (s) => Array.isArray(s.required) && s.properties)) {
        for (const field of schema.required as string[]) {
          expect(schema.properties[field]?.['x-observed'], `required field ${field} is observed`).not.toBe(true);
        }
      }
      for (const schema of findSchemas(doc, (s) => s['x-unspecified'] === true && s.type === 'object')) {
        expect(schema.additionalProperties).not.toBe(false);
        expect(schema.required ?? []).toEqual([]);
      }
    });
  }

  it('has the agreed operationIds', () => {
    const ids = (doc: Doc) =>
      Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
    expect(ids(documents.status).sort()).toEqual(
      [
        'getStatusSummary',
        'getStatusRollup',
        'listComponents',
        'listIncidents',
        'listUnresolvedIncidents',
        'listScheduledMaintenances',
        'listUpcomingMaintenances',
        'listActiveMaintenances',
      ].sort(),
    );
    expect(ids(documents.verify).sort()).toEqual(['getVerificationJob', 'submitVerification']);
  });
});

describe('rule catalogues ST and VF', () => {
  const all = [...catalogues.status.rules, ...catalogues.verify.rules];

  it('have the agreed headers', () => {
    expect(catalogues.status).toMatchObject({ interface: 'status', prefix: 'ST' });
    expect(catalogues.verify).toMatchObject({ interface: 'verify', prefix: 'VF' });
  });

  it('have unique, well-formed ids whose prefix and section match', () => {
    const ids = all.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [name, cat] of Object.entries(catalogues)) {
      for (const rule of cat.rules) {
        expect(rule.id, rule.id).toMatch(/^(ST|VF)-[0-9.]+-[a-z0-9-]+$/);
        expect(rule.id.startsWith(`${cat.prefix}-${rule.section}-`), `${rule.id} in ${name}`).toBe(true);
        expect(['contract', 'observed']).toContain(rule.source);
        expect(rule.statement.length).toBeGreaterThan(10);
      }
    }
  });

  it('name only endpoints that exist in the OpenAPI document', () => {
    for (const name of ['status', 'verify'] as const) {
      const known = new Set(
        Object.entries(documents[name].paths).flatMap(([path, item]: [string, any]) =>
          Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
        ),
      );
      for (const rule of catalogues[name].rules) {
        for (const endpoint of rule.endpoints ?? []) expect(known.has(endpoint), `${rule.id}: ${endpoint}`).toBe(true);
      }
    }
  });

  it('cover every x-rules id used by the two documents', () => {
    const known = new Set(all.map((r) => r.id));
    for (const name of ['status', 'verify'] as const) {
      const refs = collectRuleRefs(documents[name]);
      expect(refs.size).toBeGreaterThan(0);
      const prefix = catalogues[name].prefix;
      for (const ref of refs) {
        expect(known.has(ref), `${name}: unknown rule ${ref}`).toBe(true);
        expect(ref.startsWith(`${prefix}-`), `${name}: foreign rule ${ref}`).toBe(true);
      }
    }
  });
});

describe('status schemas judge sample documents', () => {
  const valid = schemaValidator(documents.status);
  const page = { id: 'abc123def456', name: 'Network', url: 'https://status.example', time_zone: 'Etc/UTC', updated_at: '2025-05-01T10:00:00.000+02:00' };
  const incident = (status: string) => ({
    id: 'inc000000001',
    name: 'Delayed records',
    status,
    created_at: '2025-05-01T08:00:00.000Z',
    updated_at: '2025-05-01T09:00:00.000Z',
    monitoring_at: null,
    resolved_at: status === 'resolved' ? '2025-05-01T09:00:00.000Z' : null,
    impact: 'minor',
    shortlink: 'https://stspg.io/x',
    started_at: '2025-05-01T08:00:00.000Z',
    page_id: page.id,
    incident_updates: [],
    components: [],
  });
  const maintenance = (status: string) => ({
    ...incident('investigating'),
    status,
    impact: 'maintenance',
    scheduled_for: '2025-06-01T00:00:00.000Z',
    scheduled_until: '2025-06-01T02:00:00.000Z',
  });

  it('accepts an incident in each contract state and rejects other values', () => {
    for (const s of ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem']) expect(valid('Incident', incident(s)), s).toBe(true);
    expect(valid('Incident', incident('fixed'))).toBe(false);
    expect(valid('Incident', incident('Resolved'))).toBe(false);
  });

  it('keeps resolved and postmortem incidents out of the unresolved list', () => {
    expect(valid('UnresolvedIncidentsDocument', { page, incidents: [incident('monitoring')] })).toBe(true);
    expect(valid('UnresolvedIncidentsDocument', { page, incidents: [incident('resolved')] })).toBe(false);
    expect(valid('SummaryDocument', { page, incidents: [incident('postmortem')] })).toBe(false);
  });

  it('limits the full incident list to 50', () => {
    const list = (n: number) => Array.from({ length: n }, () => incident('resolved'));
    expect(valid('IncidentsDocument', { page, incidents: list(50) })).toBe(true);
    expect(valid('IncidentsDocument', { page, incidents: list(51) })).toBe(false);
    expect(valid('MaintenancesDocument', { page, scheduled_maintenances: Array(51).fill(maintenance('completed')) })).toBe(false);
  });

  it('splits maintenances into upcoming and active', () => {
    expect(valid('UpcomingMaintenancesDocument', { page, scheduled_maintenances: [maintenance('scheduled')] })).toBe(true);
    expect(valid('UpcomingMaintenancesDocument', { page, scheduled_maintenances: [maintenance('in_progress')] })).toBe(false);
    expect(valid('ActiveMaintenancesDocument', { page, scheduled_maintenances: [maintenance('verifying')] })).toBe(true);
    expect(valid('ActiveMaintenancesDocument', { page, scheduled_maintenances: [maintenance('completed')] })).toBe(false);
    expect(valid('MaintenancesDocument', { page, scheduled_maintenances: [maintenance('completed')] })).toBe(true);
    expect(valid('ScheduledMaintenance', maintenance('done'))).toBe(false);
  });

  it('enforces the contract indicator and component status, not the observed extensions', () => {
    expect(valid('StatusDocument', { page, status: { indicator: 'none', description: 'All Systems Operational' } })).toBe(true);
    expect(valid('StatusDocument', { page, status: { indicator: 'maintenance', description: 'Service Under Maintenance' } })).toBe(false);
    const component = { id: 'cmp000000001', name: 'Consensus', status: 'operational', position: 1, group: false, group_id: null, start_date: '2024-01-31', description: null };
    expect(valid('ComponentsDocument', { page, components: [component] })).toBe(true);
    expect(valid('ComponentsDocument', { page, components: [{ ...component, status: 'under_maintenance' }] })).toBe(false);
  });

  it('stays open: extra fields and missing observed fields pass', () => {
    expect(valid('StatusDocument', {})).toBe(true);
    expect(valid('Incident', { status: 'identified', extra: 1 })).toBe(true);
  });

  it('parses timestamps with offsets and rejects non-timestamps', () => {
    expect(valid('Incident', { created_at: '2025-05-01T10:00:00.123+02:00' })).toBe(true);
    expect(valid('Incident', { created_at: 'yesterday' })).toBe(false);
  });
});

describe('verification schemas judge sample documents', () => {
  const valid = schemaValidator(documents.verify);
  const body = {
    stdJsonInput: { language: 'Solidity', sources: { 'contracts/Box.sol': { content: 'contract Box {}' } }, settings: {} },
    compilerVersion: 'v0.8.37+commit.f401782d',
    contractIdentifier: 'contracts/Box.sol:Box',
    creationTransactionHash: '0x' + 'ab'.repeat(32),
  };

  it('accepts a complete request and one without the optional creation hash', () => {
    expect(valid('VerificationRequest', body)).toBe(true);
    const { creationTransactionHash: _omit, ...rest } = body;
    expect(valid('VerificationRequest', rest)).toBe(true);
  });

  it('rejects a request breaking a contract rule', () => {
    const { stdJsonInput: _s, ...noInput } = body;
    expect(valid('VerificationRequest', noInput)).toBe(false);
    expect(valid('VerificationRequest', { ...body, stdJsonInput: { ...body.stdJsonInput, language: 'Yul' } })).toBe(false);
    expect(valid('VerificationRequest', { ...body, compilerVersion: 'latest' })).toBe(false);
    expect(valid('VerificationRequest', { ...body, contractIdentifier: 'Box' })).toBe(false);
    expect(valid('VerificationRequest', { ...body, creationTransactionHash: '0x' + 'AB'.repeat(32) })).toBe(false);
  });

  it('checks the path parameters with the contract patterns and lengths', () => {
    const params = documents.verify.components.parameters;
    const ajv = new Ajv2020({ strict: false });
    const chainId = ajv.compile(params.ChainId.schema);
    const address = ajv.compile(params.Address.schema);
    expect(chainId('296')).toBe(true);
    expect(chainId('')).toBe(false);
    expect(chainId('29a')).toBe(false);
    expect(chainId('1'.repeat(21))).toBe(false);
    expect(address('0x' + 'aB'.repeat(20))).toBe(true);
    expect(address('0x' + 'a'.repeat(39))).toBe(false);
    expect(address('x0x' + 'a'.repeat(40))).toBe(false);
  });

  it('requires all three error fields, with a UUID errorId, and keeps customCode open', () => {
    const error = { customCode: 'unsupported_chain', message: 'Chain 1 is not supported', errorId: '0b4c6f0e-5f7a-4c8e-9d1e-2a3b4c5d6e7f' };
    expect(valid('VerificationError', error)).toBe(true);
    expect(valid('VerificationError', { ...error, customCode: 'invalid_parameter' })).toBe(true);
    expect(valid('VerificationError', { ...error, errorId: 'not-a-uuid' })).toBe(false);
    const { message: _m, ...noMessage } = error;
    expect(valid('VerificationError', noMessage)).toBe(false);
  });

  it('accepts the acceptance body only with a UUID', () => {
    expect(valid('VerificationAccepted', { verificationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' })).toBe(true);
    expect(valid('VerificationAccepted', { verificationId: '42' })).toBe(false);
    expect(valid('VerificationAccepted', {})).toBe(false);
  });

  it('reads pending and finished jobs and rejects unknown match levels', () => {
    const pending = {
      isJobCompleted: false,
      verificationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      jobStartTime: '2025-05-01T10:00:00Z',
      contract: { match: null, creationMatch: null, runtimeMatch: null, chainId: '296', address: '0x' + 'a'.repeat(40) },
    };
    expect(valid('VerificationJob', pending)).toBe(true);
    const done = { ...pending, isJobCompleted: true, jobFinishTime: '2025-05-01T10:00:01Z', compilationTime: '140', contract: { ...pending.contract, match: 'exact_match', runtimeMatch: 'exact_match', creationMatch: 'match' } };
    expect(valid('VerificationJob', done)).toBe(true);
    expect(valid('VerificationJob', { ...done, contract: { ...done.contract, match: 'perfect' } })).toBe(false);
    expect(valid('VerificationJob', {})).toBe(true);
  });
});
