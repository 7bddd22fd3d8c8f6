// `npm ci` / `npm install` (the `prepare` script): builds the reference's ledger database dump once,
// so the first start of a fresh clone loads it instead of building it. A failure here only warns:
// the reference then builds the dump on its first start, as it would without this step.
import { openLedgerDatabase } from './ledger-database.ts';

const started = Date.now();
try {
  const db = await openLedgerDatabase();
  await db.close();
  process.stdout.write(`reference ledger database ready in reference/.cache (${Date.now() - started} ms)\n`);
} catch (error) {
  process.stderr.write(`warning: could not prepare the reference ledger database (${(error as Error).message}); the reference builds it on its first start\n`);
}
