// Where and how the status interface is reached: its base path (section 9), documents served
// without credentials (observed), and nothing served at a path outside the eight documents.
import { describe } from 'vitest';
import { STATUS_DOCUMENTS } from '../../src/checks/status-documents.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { stringMatchingArbitrary } from '../../generators/schema/string-matching.ts';

/** Paths one step from a status document: each is a route table's likely slip. */
const NEAR_MISSES = ['/summary', '/incidents/resolved.json', '/scheduled-maintenances/completed.json', '/components/x.json', '/status.xml', '/incident.json'];

describe.concurrent('the status base address', () => {
  ruleTest('ends in /api/v2, where the interface answers', ['ST-9-base-path-api-v2'], async (t) => {
    const path = new URL(t.base).pathname.replace(/\/+$/, '');
    // A URL string proves nothing by itself: the base is the interface's only where a document answers under it.
    const exchange = await t.get('/status.json');
    if (exchange.status !== 200) {
      t.notEvaluated('ST-9-base-path-api-v2', `${t.base}/status.json answered ${exchange.status}: no status document answers under the configured base`);
      return;
    }
    expectRule('ST-9-base-path-api-v2', path.endsWith('/api/v2'), `the status interface answers under ${t.base}, which does not end in /api/v2`, exchange);
  });

  ruleTest('answers no path outside the eight documents with a 2xx', ['ST-4.7-unknown-path-not-2xx'], async (t) => {
    const known = new Set(STATUS_DOCUMENTS.map((d) => d.path));
    const randomPath = stringMatchingArbitrary(/^[a-z][a-z0-9-]{2,12}$/).map((name) => `/${name}.json`).filter((path) => !known.has(path));
    // The near misses of the real documents (another name, no .json, a deeper path) every run, then random names.
    await checkProperty(t, randomPath, async (path) => {
      const exchange = await t.get(path);
      expectRule('ST-4.7-unknown-path-not-2xx', exchange.status < 200 || exchange.status > 299, `${path} answered ${exchange.status}`, exchange);
    }, { runs: Math.min(t.config.depth, 8), examples: NEAR_MISSES });
  });
});

describe.concurrent('all status documents', () => {
  ruleTest('answer without any credential', ['ST-5-no-credentials-observed'], async (t) => {
    if (Object.keys(t.config.headers).length > 0) t.skip('the run sends configured headers with every request, so a credential-free answer cannot be shown');
    // Only 401 and 403 refuse for want of credentials; another failure (a 404, a 5xx) is judged by the document rules.
    const refusals = new Set([401, 403]);
    await forEachCase(t, STATUS_DOCUMENTS, async (doc) => {
      const exchange = await t.get(doc.path);
      if (exchange.status === 200 || refusals.has(exchange.status)) {
        t.soft('ST-5-no-credentials-observed', exchange.status === 200, `${doc.path} answered ${exchange.status} to a request without credentials`, exchange);
      } else {
        t.notEvaluated('ST-5-no-credentials-observed', `${doc.path} answered ${exchange.status}: neither served nor refused for want of credentials`);
      }
    });
  });
});
