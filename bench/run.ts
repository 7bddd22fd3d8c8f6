// `npm run bench`: speed and memory of the parts a run depends on, printed as numbers. Every loop is
// bounded by a count; every request goes to a reference server on 127.0.0.1.
import fc from 'fast-check';
import { request } from 'undici';
import { startReferenceServer } from '../reference/server.ts';
import { loadSpec } from '../src/spec/load-spec.ts';
import { findOperation, responseSchema } from '../src/spec/operations.ts';
import { schemaChecker } from '../src/spec/schema-validator.ts';
import { queryArbitrary } from '../generators/requests/query-arbitrary.ts';
import { formatTiming, timeRuns } from './measure.ts';
import { selfCheckScoreLine } from './self-check-score.ts';

async function getJson(url: string): Promise<unknown> {
  const res = await request(url);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
  return res.body.json();
}

async function main(): Promise<void> {
  const print = (line: string) => process.stdout.write(`${line}\n`);

  print(formatTiming('reference server start + close', await timeRuns(3, async () => (await startReferenceServer()).close()), 'starts'));

  const server = await startReferenceServer();
  try {
    const base = `${server.baseUrl}/api/v1`;
    await getJson(`${base}/transactions?limit=100`);
    print(formatTiming('GET /transactions?limit=100', await timeRuns(200, () => getJson(`${base}/transactions?limit=100`)), 'requests'));
    print(formatTiming('GET /schedules?limit=100&order=desc', await timeRuns(200, () => getJson(`${base}/schedules?limit=100&order=desc`)), 'requests'));
    print(formatTiming('GET /transactions?account.id=…&type=credit', await timeRuns(100, () => getJson(`${base}/transactions?account.id=0.0.1001&type=credit&limit=25`)), 'requests'));
    print(formatTiming('GET status summary.json', await timeRuns(200, () => getJson(`${server.statusUrl}/summary.json`)), 'requests'));

    const page = await getJson(`${base}/transactions?limit=100`);
    const op = findOperation(await loadSpec('ledger-query'), 'listTransactions');
    const check = schemaChecker(responseSchema(op, 200)!);
    print(formatTiming('validate a 100-transaction page (ajv)', await timeRuns(500, () => check(page)), 'pages'));

    const arbitrary = queryArbitrary(op, { invalid: 2 });
    print(formatTiming('generate 100 transaction queries (2 invalid)', await timeRuns(20, (i) => fc.sample(arbitrary, { numRuns: 100, seed: i })), 'batches'));
  } finally {
    await server.close();
  }
  const mem = process.memoryUsage();
  print(`memory after the benchmarks: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
  print(selfCheckScoreLine());
}

main().catch((error: Error) => {
  process.stderr.write(`bench failed: ${error.message}\n`);
  process.exitCode = 1;
});
