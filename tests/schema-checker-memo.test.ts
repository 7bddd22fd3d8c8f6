// A schema's checker is generated once per schema text on a machine and then run from the code
// remembered (specs/schema-validator.ts): the remembered checker judges as the generated one, it is
// the code actually run, a memo that does not run is generated again, and the memo's directory is
// used only while it is this user's alone.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { machineMemoPath, recall, remember, usableMemoDir } from '../specs/content-memo.ts';
import { CODE_GENERATOR, schemaChecker } from '../specs/schema-validator.ts';
import { DIST, ensureRuntimeBuild } from '../scripts/runtime-build.mjs';
import { BIN, ROOT, cliEnv, tempDir } from './production/cli-helpers.ts';

/** A schema whose text no earlier run saw (its description), with the keywords and formats the specs use. */
function freshSchema(): object {
  return {
    description: `memo test ${randomUUID()}`,
    type: 'object',
    required: ['id', 'amount'],
    properties: {
      id: { type: 'string', pattern: '^\\d+\\.\\d+\\.\\d+$' },
      amount: { type: 'integer', format: 'int64', minimum: -5 },
      at: { type: 'string', format: 'date-time' },
      kinds: { type: 'array', items: { enum: ['A', 'B'] } },
      amounts: { type: 'array', items: { type: 'integer', format: 'int64' } },
    },
  };
}

const VALUES: unknown[] = [
  { id: '0.0.1', amount: 2n ** 63n - 1n, at: '2026-11-27T10:00:00Z', kinds: ['A'] },
  { id: '0.0.1', amount: 2n ** 63n },
  { id: 'x', amount: -6, at: 'yesterday', kinds: ['C'] },
  { amount: 1.5 },
  'not an object',
  { id: '0.0.1', amount: 0, amounts: [-(2n ** 63n), 2n ** 63n, 7] },
];

const judged = (schema: object) => VALUES.map((v) => schemaChecker(schema)(v));

describe('schema checkers from remembered code', () => {
  it('judges as the checker ajv generated, from the code it remembered', () => {
    const schema = freshSchema();
    const text = JSON.stringify(schema);
    expect(recall(CODE_GENERATOR, text)).toBeUndefined();
    const generated = judged(schema);
    expect(generated[0]).toEqual([]);
    expect(generated[1]!.map((v) => v.keyword)).toEqual(['format']);
    expect(generated[2]!.map((v) => v.keyword).sort()).toEqual(['enum', 'format', 'minimum', 'pattern']);
    expect(generated[5]!.map((v) => [v.pointer, v.keyword])).toEqual([['/amounts/1', 'format']]);
    expect(recall(CODE_GENERATOR, text)).toMatch(/module\.exports/);
    // A new object of the same text is checked by the remembered code.
    expect(judged(structuredClone(schema))).toEqual(generated);
  });

  it('runs the remembered code, not a checker generated again', () => {
    const schema = freshSchema();
    const text = JSON.stringify(schema);
    judged(schema);
    remember(CODE_GENERATOR, text, recall(CODE_GENERATOR, text)!.replaceAll('must be >= ', 'remembered: at least '));
    const minimum = schemaChecker(structuredClone(schema))({ id: '0.0.1', amount: -6 });
    expect(minimum).toEqual([expect.objectContaining({ keyword: 'minimum', expected: 'remembered: at least -5' })]);
  });

  it('generates a checker again where the remembered code does not run', () => {
    const schema = freshSchema();
    const generated = judged(schema);
    remember(CODE_GENERATOR, JSON.stringify(schema), 'this is not JavaScript (');
    expect(judged(structuredClone(schema))).toEqual(generated);
  });
});

describe('memo directory', () => {
  it('is used when it is this user\'s alone, closed first where others could write to it', () => {
    const dir = join(tempDir('memo-dir'), 'memo');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    expect(usableMemoDir(dir)).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
  });

  it('is not used when it is a link or a file', () => {
    const base = tempDir('memo-dir');
    mkdirSync(join(base, 'real'));
    symlinkSync(join(base, 'real'), join(base, 'link'));
    writeFileSync(join(base, 'file'), '');
    expect(usableMemoDir(join(base, 'link'))).toBe(false);
    expect(usableMemoDir(join(base, 'file'))).toBe(false);
  });

  // Giving a directory to another user takes root.
  it.runIf(process.getuid?.() === 0)('is not used when another user owns it', () => {
    const dir = join(tempDir('memo-dir'), 'theirs');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 12345, 12345);
    expect(usableMemoDir(dir)).toBe(false);
  });
});

describe('the memo shipped with the compiled code', () => {
  it("gives a machine's first run everything worked out of the contract: nothing is parsed, validated or generated", async () => {
    // A fresh temporary directory is a machine that never ran the suite, as a CI job's is.
    const machine = tempDir('first-run');
    const reports = join(machine, 'reports');
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'run', '--only', 'status', '--no-html', '--quiet', '--report-dir', reports], { cwd: ROOT, env: { ...cliEnv(), TMPDIR: machine } });
    expect(stdout).toMatch(/^ledger-conformance: PASS \(exit 0\)$/m);
    const own = machineMemoPath(machine);
    expect(existsSync(own) ? readdirSync(own) : []).toEqual([]);
  }, 60_000);

  it('is filled anew by the build even beside the memo it replaces: every entry the build shipped', async () => {
    await ensureRuntimeBuild();
    const filled = join(tempDir('shipped-memo'), 'memo');
    await promisify(execFile)(process.execPath, [join(DIST, 'src', 'harness', 'fill-shipped-memo.js'), filled]);
    const shipped = readdirSync(join(DIST, 'content-memo')).sort();
    expect(shipped.length).toBeGreaterThan(0);
    expect(readdirSync(filled).sort()).toEqual(shipped);
  }, 60_000);
});
