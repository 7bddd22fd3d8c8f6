// Seed-independence of the public expectations for entity IDs: whatever ID a seed sends, when the
// public-service layers answer it otherwise than the contract's pattern says (refused though it
// matches, taken though it does not), an entry of the ID-pattern rule describes that request, and
// a refusal that leaves the parameter unnamed is described under the message rule. Checked on IDs
// of every digit count per part, not only on the ones a run happens to draw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PUBLIC_SERVICE_LAYERS } from '../../reference/faults/public-service.ts';
import type { LayerRequest, LayerResponse } from '../../reference/faults/layer.ts';
import { expectationCovers, readExpectations } from '../../src/report/expectations.ts';
import { loadCatalogue } from '../../src/rules/catalogue.ts';
import { join } from 'node:path';
import { ROOT } from './cli-helpers.ts';

const expectations = readExpectations(join(ROOT, 'expectations', 'public-networks.yaml'), new Set(loadCatalogue().keys()));
const PATTERN = /^((gte?|lte?|eq|ne):)?(\d{1,10}\.\d{1,10}\.)?\d{1,10}$/;
const RULE_OF: Record<string, string> = { 'account.id': 'LQ-4.1-account-id-pattern', 'schedule.id': 'LQ-4.1-schedule-id-pattern' };

/** How the public-service layers take one filter value: refused (and whether the refusal names the parameter), or taken. */
function publicAnswer(name: string, value: string): { refused: boolean; named: boolean } {
  const req: LayerRequest = { method: 'GET', path: '/api/v1/schedules', query: [[name, value]], headers: {}, body: undefined };
  for (const layer of PUBLIC_SERVICE_LAYERS) layer.request?.(req);
  const refused = req.query[0]![1] === 'refused';
  // The reference refuses it naming the parameter; the layers may rewrite that message.
  const res: LayerResponse = { status: 400, headers: {}, body: { _status: { messages: [{ message: `Invalid parameter: ${name}` }] } } };
  for (const layer of PUBLIC_SERVICE_LAYERS) void layer.response?.(req, res);
  const message = (res.body as { _status: { messages: Array<{ message: string }> } })._status.messages[0]!.message;
  return { refused, named: message.includes(name) };
}

const covered = (rule: string, name: string, value: string) =>
  expectations.some((e) => e.rule === rule && expectationCovers(e, { method: 'GET', url: `http://127.0.0.1:9/api/v1/schedules?${name}=${encodeURIComponent(value)}` }));

const digits = (min: number, max: number) => fc.integer({ min, max }).chain((n) => fc.stringMatching(new RegExp(`^\\d{${n}}$`)));
const entityText = fc.oneof(
  fc.tuple(digits(1, 12), digits(1, 12), digits(1, 13)).map((parts) => parts.join('.')),
  fc.tuple(digits(1, 12), digits(1, 12)).map((parts) => parts.join('.')),
  digits(1, 21),
);

describe('the public expectations for entity IDs, on every seed', () => {
  it('describe every ID the public service answers otherwise than the pattern, under the rule it breaks', () => {
    fc.assert(fc.property(fc.constantFrom('account.id', 'schedule.id'), fc.constantFrom('', 'eq:', 'ne:', 'gt:', 'lte:'), entityText, (name, op, id) => {
      const value = `${op}${id}`;
      const { refused, named } = publicAnswer(name, value);
      const matches = PATTERN.test(value);
      if (matches === refused) expect(covered(RULE_OF[name]!, name, value), `${name}=${value} ${refused ? 'refused' : 'taken'}`).toBe(true);
      if (refused && !named && !matches) expect(covered('LQ-7-message-names-parameter', name, value), `${name}=${value} refused without naming it`).toBe(true);
    }), { numRuns: 3000, seed: 26 });
  });
});
