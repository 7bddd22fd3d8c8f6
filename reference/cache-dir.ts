// Where the reference keeps what it builds once and reuses across starts (the ledger dump, compile
// outputs): reference/.cache of the repository, or of the installed package's dist/.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HOME = join(dirname(fileURLToPath(import.meta.url)), '..');
// Compiled into the repository's dist/, the code keeps and keys its caches by the TypeScript it was
// compiled from, as the sources do (one cache for both, filled by npm ci's prepare step); the
// installed package's dist/ is its own root.
const REPOSITORY = join(HOME, '..');

/** The folder whose reference/, fixtures/ and the rest the running code was made from. */
export const SOURCE_ROOT = basename(HOME) === 'dist' && existsSync(join(REPOSITORY, 'reference', 'db', 'ledger-database.ts')) ? REPOSITORY : HOME;

// REFERENCE_CACHE_DIR moves it (the bench points it at an empty folder to time a fresh clone's start).
export const CACHE_DIR = process.env.REFERENCE_CACHE_DIR || join(SOURCE_ROOT, 'reference', '.cache');
