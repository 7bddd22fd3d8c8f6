import fc from 'fast-check';
import { loadSpec } from '../src/spec/load-spec.ts';
import { findOperation, requestBodySchema } from '../src/spec/operations.ts';
import { boundaryCases } from './schema/boundary-cases.ts';
import { invalidKeywords, invalidArbitrary } from './schema/invalid-arbitrary.ts';
import { validArbitrary } from './schema/valid-arbitrary.ts';
const doc = await loadSpec('ledger-query');
const show = (x: unknown) => JSON.stringify(x, (k, v) => typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length})` : v);
for (const id of ['listSchedules', 'listTransactions']) {
  for (const p of findOperation(doc, id).parameters) {
    const t0 = Date.now();
    const b = boundaryCases(p.schema as any, 'text', { rules: (p as any)['x-rules'] });
    console.log(id, p.name, show(b.valid), '\n  INVALID', show(b.invalid.map(c => [c.value, c.violates, c.alsoViolates, c.caseVariant, c.emptyText])));
    console.log('  kws', invalidKeywords(p.schema as any, 'text'), Date.now() - t0, 'ms');
    console.log('  sample', show(fc.sample(invalidArbitrary(p.schema as any, 'text'), { seed: 3, numRuns: 6 }).map(c => [c.value, c.violates])));
  }
}
const body = requestBodySchema(findOperation(doc, 'callContract'))! as any;
for (const [name, s] of Object.entries(body.properties)) {
  const t0 = Date.now();
  const b = boundaryCases(s as any, 'json');
  console.log(name, show(b.valid), '\n  INVALID', show(b.invalid.map(c => [c.value, c.violates, c.alsoViolates, c.caseVariant])));
  console.log('  kws', invalidKeywords(s as any, 'json'), Date.now() - t0, 'ms');
}
console.log(show(fc.sample(validArbitrary(body, 'json'), { seed: 3, numRuns: 4 })));
