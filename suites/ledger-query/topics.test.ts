import fc from 'fast-check';
import { describe } from 'vitest';
import { pathArbitrary } from '../../generators/requests/path-arbitrary.ts';
import { semanticInvalidParameterArbitrary } from '../../generators/requests/semantic-invalid-parameter.ts';
import { ENTITY_ID_PART_MAX, entityIdArbitrary } from '../../generators/semantic/entity-id.ts';
import { ERROR_BODY_RULES, expectQueryErrorBody, PARAMETER_MESSAGE_RULES } from '../../src/checks/query-error-body.ts';
import { expectMatchesResponseSchema } from '../../src/checks/response-schema.ts';
import { expectRule } from '../../src/checks/rule-violation.ts';
import { responseSchemaRules } from '../../src/checks/schema-rules.ts';
import { softly } from '../../src/checks/softly.ts';
import { discoverTopicIds } from '../../src/discovery/topic-ids.ts';
import { forEachCase } from '../../src/harness/cases-at-once.ts';
import { checkProperty } from '../../src/harness/check-property.ts';
import { ruleTest } from '../../src/harness/rule-test.ts';
import { responseJson } from '../../src/http/exchange.ts';
import { loadSpec } from '../../specs/load-spec.ts';
import { findOperation, findParameter } from '../../specs/operations.ts';

const getTopic = findOperation(await loadSpec('ledger-query'), 'getTopic');
const topicRules = await responseSchemaRules('getTopic', 200);
const NOT_FOUND_RULES = ['LQ-4.5-topic-not-found-404', 'LQ-7-not-found-single-message', ...ERROR_BODY_RULES];
const topicPath = (id: string) => `/api/v1/topics/${encodeURIComponent(id)}`;

/** The path segment is named `topicId` in the contract and `topic.id` by the real service: one squashed name. */
const TOPIC_ID = { name: 'topicId', aliases: ['topic.id'] };

/** Malformed topic IDs: schema-driven breaks of the EntityId pattern and the mistakes people make. */
const malformedTopicIds: fc.Arbitrary<string> = fc.oneof(
  pathArbitrary(getTopic, { invalid: 1, includeAmbiguous: false }).map((c) => c.params.topicId!),
  semanticInvalidParameterArbitrary(findParameter(getTopic, 'topicId', 'path'))!.map((c) => c.value).filter((v) => v !== '.' && v !== '..' && !v.includes('/')),
);

describe.concurrent('GET /api/v1/topics/{topicId}', () => {
  ruleTest('returns each topic the transaction list names, as a Topic with that topic_id', ['LQ-4.5-topic-lookup', ...topicRules, 'LQ-4.2-transactions-envelope'], async (t) => {
    const ids = await discoverTopicIds(t, 8);
    await forEachCase(t, ids, async (id) => {
      const exchange = await t.get(topicPath(id));
      t.soft('LQ-4.5-topic-lookup', exchange.status === 200, `topic ${id}, named by a successful topic transaction, answered ${exchange.status}`, exchange);
      if (exchange.status !== 200) return;
      const topic = (await expectMatchesResponseSchema(t, exchange, 'ledger-query', 'getTopic', 'LQ-4.5-topic-lookup')) as { topic_id?: unknown } | undefined;
      t.soft('LQ-4.5-topic-lookup', topic?.topic_id === id, `asked for topic ${id}, got topic_id ${JSON.stringify(topic?.topic_id)}`, exchange);
    });
  });

  ruleTest('answers a well-formed topic ID that no ledger reaches with 404 and a single not-found message', ['LQ-4.5-topic-id-entity-id', ...NOT_FOUND_RULES], async (t) => {
    // Every part at its 10-digit maximum, and a 10-digit number in shard 0 realm 0: well-formed by
    // the contract, beyond any real ledger. A refusal (400) is the ID rule's finding; not-found is
    // judged on the IDs the target takes.
    for (const unknown of [`${ENTITY_ID_PART_MAX}.${ENTITY_ID_PART_MAX}.${ENTITY_ID_PART_MAX}`, `0.0.${ENTITY_ID_PART_MAX}`]) {
      const exchange = await t.get(topicPath(unknown));
      if (exchange.status === 400) {
        t.soft('LQ-4.5-topic-id-entity-id', false, `the well-formed topic ID ${unknown} was rejected with 400`, exchange);
        continue;
      }
      const messages = await expectQueryErrorBody(t, exchange, { status: 404, statusRule: 'LQ-4.5-topic-not-found-404', singleMessage: true });
      const text = messages.map((m) => `${m.message} ${m.detail ?? ''}`).join(' ');
      t.soft('LQ-7-not-found-single-message', /not\s*found/i.test(text), `the 404 message does not say the record was not found: ${JSON.stringify(text)}`, exchange);
    }
  });

  ruleTest('answers any well-formed topic ID with that topic or with 404 and a single message', ['LQ-4.5-topic-id-entity-id', 'LQ-4.5-topic-lookup', ...NOT_FOUND_RULES], async (t) => {
    await checkProperty(t, entityIdArbitrary(), async (id) => {
      const exchange = await t.get(topicPath(id));
      if (exchange.status === 200) {
        const topic = responseJson(exchange) as { topic_id?: unknown } | undefined;
        expectRule('LQ-4.5-topic-lookup', topic?.topic_id === id, `asked for topic ${id}, got topic_id ${JSON.stringify(topic?.topic_id)}`, exchange);
        return;
      }
      expectRule('LQ-4.5-topic-id-entity-id', exchange.status !== 400, `the well-formed topic ID ${id} was rejected with 400`, exchange);
      await expectQueryErrorBody(t, exchange, { status: 404, statusRule: 'LQ-4.5-topic-not-found-404', singleMessage: true });
    });
  });

  ruleTest('rejects a malformed topic ID with 400 and one message naming it',
    ['LQ-4.5-topic-id-entity-id', ...PARAMETER_MESSAGE_RULES, ...ERROR_BODY_RULES, 'LQ-7-no-server-error'], async (t) => {
      // Sent every run: forms a service may take as IDs though the EntityId pattern refuses them.
      for (const id of ['0.1001', '12345678901', (2n ** 63n).toString(), `0x${'0'.repeat(39)}1`]) {
        await softly(t, async () => expectQueryErrorBody(t, await t.get(topicPath(id)), { status: 400, statusRule: 'LQ-4.5-topic-id-entity-id', parameters: [TOPIC_ID] }));
      }
      await checkProperty(t, malformedTopicIds, async (id) => {
        const exchange = await t.get(topicPath(id));
        await expectQueryErrorBody(t, exchange, { status: 400, statusRule: 'LQ-4.5-topic-id-entity-id', parameters: [TOPIC_ID] });
      });
    });
});
