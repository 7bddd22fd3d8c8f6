import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs the allure CLI (package `allure`, v3, offline) to turn allure results into an HTML report. */
export function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  // The package's exports hide package.json, so the CLI is found from the resolved entry point (dist/index.js).
  const bin = fileURLToPath(new URL('../cli.js', import.meta.resolve('allure')));
  const config = fileURLToPath(new URL('../../allurerc.mjs', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'generate', resultsDir, '--config', config, '--output', outputDir, '--name', name], {
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
