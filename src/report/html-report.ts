import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Runs the allure CLI (package `allure`, v3, offline) to turn allure results into an HTML report. */
export function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('allure/package.json');
  const bin = join(dirname(pkg), (require(pkg) as { bin: Record<string, string> }).bin.allure!);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'generate', resultsDir, '--output', outputDir, '--name', name], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`allure generate exited ${code}: ${output.trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}
