import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './package-root.ts';
import { UNUSED_TARGET } from '../config/run-config.ts';
import { rulesInTitle } from '../rules/catalogue.ts';


export interface ListedTest {
  name: string;
  file: string;
  rules: string[];
}

/**
 * Collects the conformance tests without running them (`vitest list`). The workers get a
 * placeholder target so that no reference server starts just to read test names.
 */
export async function listConformanceTests(): Promise<ListedTest[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-conformance-list-'));
  const out = join(dir, 'list.json');
  const placeholder = { targets: { baseUrl: UNUSED_TARGET, statusUrl: UNUSED_TARGET, verifyUrl: UNUSED_TARGET } };
  // Found through resolution: in an installed package vitest sits in the consumer's node_modules.
  const vitestBin = fileURLToPath(new URL('./vitest.mjs', import.meta.resolve('vitest/package.json')));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [vitestBin, 'list', '--project', 'conformance', `--json=${out}`], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, CONFORMANCE_CONFIG: JSON.stringify(placeholder) },
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vitest list failed (${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`))));
    });
    const listed = JSON.parse(readFileSync(out, 'utf8')) as Array<{ name: string; file: string }>;
    return listed.map((t) => ({ name: t.name, file: t.file.replace(ROOT, ''), rules: rulesInTitle(t.name) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
