import fc from 'fast-check';
import { describe } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { answerSummary } from '../../src/checks/same-answer.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { listOperations, type OperationRef } from '../../specs/operations.ts';

const PREFIX = '/api/v1';
/** Prefixes one step from the service's: none, a part of it, another version, the prefix twice. */
const OTHER_PREFIXES = ['', '/api', '/api/v2', '/api/v0', '/v1', '/api/v1/api/v1'];
/** Operations whose path needs no ID: they can be addressed under another prefix as they are. */
const untemplated = listOperations(await loadSpec('ledger-query')).filter((op) => !op.path.includes('{'));
const untemplatedGets = untemplated.filter((op) => op.method === 'get');

describe.concurrent('/api/v1 versioning', () => {
  ruleTest('does not serve the service\'s paths under another prefix', ['LQ-9-path-prefix', 'LQ-9-outside-paths-json'], async (t) => {
    const elsewhere = fc.tuple(fc.constantFrom(...untemplated), fc.constantFrom(...OTHER_PREFIXES));
    // Each prefix every run, with a GET operation (taken in turn), then drawn pairs.
    const examples = OTHER_PREFIXES.map((prefix, i) => [untemplatedGets[i % untemplatedGets.length]!, prefix] as [OperationRef, string]);
    await checkProperty(t, elsewhere, async ([op, prefix]) => {
      const path = `${prefix}${op.path.slice(PREFIX.length)}`;
      const exchange = await t.send({ method: op.method.toUpperCase(), url: path, ...(op.method === 'post' ? { body: {} } : {}) });
      expectRule('LQ-9-path-prefix', exchange.status < 200 || exchange.status >= 300, `${op.method.toUpperCase()} ${path} (outside ${PREFIX}) answered ${answerSummary(exchange)}`, exchange);
      t.soft('LQ-9-outside-paths-json', responseJson(exchange) !== undefined, `${op.method.toUpperCase()} ${path} answered ${exchange.status} without a JSON body`, exchange);
    }, { examples });
  });

  ruleTest('publishes its OpenAPI document with definition version 0.154.0', ['LQ-9-definition-version'], async (t) => {
    const exchange = await t.get(`${PREFIX}/docs/openapi.yml`);
    if (exchange.status !== 200) t.skip(`the target does not publish ${PREFIX}/docs/openapi.yml (answered ${exchange.status})`);
    let doc: { info?: { version?: unknown } } | undefined;
    try {
      doc = parseYaml(exchange.responseBody) as typeof doc;
    } catch (error) {
      expectRule('LQ-9-definition-version', false, `the published document is not YAML or JSON: ${(error as Error).message}`, exchange);
    }
    expectRule('LQ-9-definition-version', doc?.info?.version === '0.154.0', `info.version is ${JSON.stringify(doc?.info?.version)}, expected "0.154.0"`, exchange);
  });
});
