import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { contractDocumentMissing, readContractDocument } from './contract-document.ts';
import { loadCatalogue } from '../src/rules/catalogue.ts';
import { loadSpec, readSpecDocument, specPath, INTERFACES } from '../specs/load-spec.ts';
import { listOperations } from '../specs/operations.ts';
import { collectRuleRefs } from './collect-rule-refs.ts';

/** Every path the contract names in sections 4.1 to 4.6, as written there. */
function contractPaths(): string[] {
  const text = readContractDocument();
  const section4 = text.slice(text.indexOf('## 4. Endpoints'), text.indexOf('### 4.7'));
  return [...new Set([...section4.matchAll(/(\/api\/v1\/[^\s|`)]+)/g)].map((m) => m[1]!))];
}

describe('ledger query OpenAPI document', () => {
  it('passes swagger-parser validation and dereferences', async () => {
    // Straight to the validator: loadSpec skips texts it validated before (validated-spec-memo.ts).
    await expect(SwaggerParser.validate(await readSpecDocument(specPath('ledger-query')) as never)).resolves.toBeTruthy();
    const doc = await loadSpec('ledger-query');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.154.0');
  });

  it('has every path the contract names in sections 4.1 to 4.6 (needs CONTRACT_SPEC)', async (ctx) => {
    const missing = contractDocumentMissing();
    if (missing) ctx.skip(missing);
    const doc = await readSpecDocument(specPath('ledger-query'));
    const declared = new Set<string>(Object.keys(doc.paths ?? {}));
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item ?? {})) {
        for (const p of ((op as Record<string, unknown>)?.['x-contract-paths'] as string[] | undefined) ?? []) declared.add(p);
      }
    }
    const expected = contractPaths();
    expect(expected.length).toBeGreaterThanOrEqual(40);
    expect(expected.filter((p) => !declared.has(p))).toEqual([]);
  });

  it('declares the two POSTs of the query service and GET everywhere else', async () => {
    const ops = listOperations(await loadSpec('ledger-query'));
    expect(ops.filter((o) => o.method === 'post').map((o) => o.path).sort()).toEqual(['/api/v1/contracts/call', '/api/v1/network/fees']);
    expect(ops.every((o) => o.method === 'get' || o.method === 'post')).toBe(true);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });
});

describe('rule references in the three documents', () => {
  it.each(INTERFACES)('every x-rules id of %s exists in the catalogue', async (name) => {
    const refs = collectRuleRefs(await readSpecDocument(specPath(name)));
    const catalogue = loadCatalogue();
    expect(refs.size).toBeGreaterThan(0);
    expect([...refs].filter((id) => !catalogue.has(id))).toEqual([]);
  });
});
