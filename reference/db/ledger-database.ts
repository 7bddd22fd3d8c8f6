// Opens the reference server's in-memory PGlite database with the fixture ledger loaded. Building
// it (initdb, schema, 5,000 transactions, EVM runs) takes seconds, so a built database is kept as a
// data-directory dump under reference/.cache, keyed by a hash of every source that shapes it.
import { PGlite, types } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openAsBlob, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR, SOURCE_ROOT as ROOT } from '../cache-dir.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
// Memory (issue 17: every process of a run <= 500 MB). WAL segments of 1 MB instead of 16 (the dump
// held two whole segments, half its size), and two of them kept instead of four (the server never
// writes); shared buffers of 16 MB instead of 128: the fixture ledger is about 30 MB and is read
// from PGlite's in-memory file system anyway.
const INITDB_PARAMS = ['--wal-segsize=1'];
const SETTINGS = ['shared_buffers = 16MB', 'min_wal_size = 2MB', 'max_wal_size = 2MB'];
// PGlite reads a bytea's hex text a byte at a time through a callback and parseInt (an eighth of its
// JavaScript time in a main job's reference); Node's hex decoder does it in one call.
const PARSERS = { [types.BYTEA]: (hex: string) => new Uint8Array(Buffer.from(hex.slice(2), 'hex')) };
const SOURCES = ['fixtures/ledger', 'fixtures/contracts/artifacts', 'reference/db', 'reference/evm'];

function sourceFingerprint(): string {
  const hash = createHash('sha256');
  for (const folder of SOURCES) {
    const dir = join(ROOT, folder);
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.test.ts')) continue;
      hash.update(`${folder}/${name}\0`).update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 20);
}

/** The modules that build the database, loaded only when no dump is there (the EVM among them: about 0.3 s of a start). */
async function buildingModules() {
  const [{ generateLedger }, deployments, { loadLedger }, { createSqlContractStore }, { fixtureCallInputs }, { recordContractCalls }] = await Promise.all([
    import('../../fixtures/ledger/generate-ledger.ts'),
    import('../../fixtures/contracts/deployments.ts'),
    import('./load-ledger.ts'),
    import('./contract-store-sql.ts'),
    import('./fixture-call-inputs.ts'),
    import('./contract-call-results.ts'),
  ]);
  return { generateLedger, ...deployments, loadLedger, createSqlContractStore, fixtureCallInputs, recordContractCalls };
}

async function buildDatabase(): Promise<PGlite> {
  const { generateLedger, loadContractArtifact, loadContractDeployments, FIXTURE_DEPLOYER, loadLedger, createSqlContractStore, fixtureCallInputs, recordContractCalls } = await buildingModules();
  const deployments = loadContractDeployments().map((d) => ({ ...d, creationTransactionHash: loadContractArtifact(d.name).creationTransactionHash }));
  const ledger = generateLedger({ deployments, callInputs: fixtureCallInputs(deployments, FIXTURE_DEPLOYER) });
  const db = await PGlite.create({ initDbStartParams: INITDB_PARAMS, postgresqlconf: SETTINGS, parsers: PARSERS });
  await db.exec(readFileSync(join(HERE, 'schema.sql'), 'utf8'));
  await db.transaction(async (tx) => {
    await loadLedger(tx as unknown as PGlite, ledger.data, ledger.transactionIndexes);
    for (const d of deployments) {
      await tx.query('UPDATE contract SET abi = $2, contract_identifier = $3, compiler_version = $4 WHERE num = $1',
        [d.entityNum, JSON.stringify(d.abi), d.contractIdentifier, d.compilerVersion]);
    }
  });
  await recordContractCalls(db, createSqlContractStore(db), ledger.contractCalls);
  // The template databases (15 of the dump's 36 MB) serve only CREATE DATABASE, which the server
  // never runs: without them every start loads a third less (0.84 -> 0.58 s of CPU, 60 MB less resident).
  await db.exec("UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')");
  for (const template of ['template0', 'template1']) await db.exec(`DROP DATABASE ${template}`);
  await db.exec('ANALYZE');
  // Written out now, so the dump carries no WAL beyond the segment the checkpoint needs.
  await db.exec('CHECKPOINT');
  return db;
}

async function loadDump(file: string): Promise<PGlite | null> {
  if (!existsSync(file)) return null;
  try {
    // A file-backed Blob: the dump is read once, by PGlite, not first copied into this process.
    return await PGlite.create({ loadDataDir: await openAsBlob(file), postgresqlconf: SETTINGS, parsers: PARSERS });
  } catch {
    rmSync(file, { force: true });
    return null;
  }
}

const BUILD_LOCK_STALE_MS = 120_000;

/**
 * Lets one process build a missing dump while the others (parallel test workers) wait for it,
 * instead of all building at once on two cores. A lock older than two minutes is abandoned.
 */
async function takeBuildLock(lock: string, file: string): Promise<boolean> {
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      return true;
    } catch {
      const age = existsSync(lock) ? Date.now() - statSync(lock).mtimeMs : 0;
      if (existsSync(file)) return false;
      if (age > BUILD_LOCK_STALE_MS) {
        rmSync(lock, { force: true });
        continue;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function openLedgerDatabase(): Promise<PGlite> {
  mkdirSync(CACHE_DIR, { recursive: true });
  // Uncompressed (about 65 MB): it dumps and loads in half the time of gzip, and start time is what counts here.
  const file = join(CACHE_DIR, `ledger-${sourceFingerprint()}.tar`);
  const cached = await loadDump(file);
  if (cached) return cached;
  const lock = `${file}.lock`;
  if (!(await takeBuildLock(lock, file))) {
    const built = await loadDump(file);
    if (built) return built;
  }
  try {
    const db = await buildDatabase();
    const dump = await db.dumpDataDir('none');
    for (const old of readdirSync(CACHE_DIR)) {
      if (old.startsWith('ledger-') && !old.startsWith(basename(file))) rmSync(join(CACHE_DIR, old), { force: true });
    }
    // Written under a temporary name and renamed, so a concurrent start never reads half a file.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file);
    return db;
  } finally {
    rmSync(lock, { force: true });
  }
}

let shared: Promise<PGlite> | undefined;

/**
 * The ledger database of this process, opened on first use and shared by every reference server
 * the process starts: served read-only, one copy answers them all, and each further copy would cost
 * about a second of CPU and 100 MB (self-tests start dozens of servers in one worker).
 * It lives as long as the process; a failed opening is tried again by the next caller.
 */
export function sharedLedgerDatabase(): Promise<PGlite> {
  if (!shared) {
    const opening = openLedgerDatabase();
    shared = opening;
    opening.catch(() => {
      if (shared === opening) shared = undefined;
    });
  }
  return shared;
}
