import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system's Chromium, or undefined: browser tests skip with a reason rather than download one. */
export function findChromium(): string | undefined {
  const given = process.env.CHROMIUM_PATH;
  if (given && existsSync(given)) return given;
  return CANDIDATES.find((path) => existsSync(path));
}

// Flags that keep a headless Chromium off the network and free of first-run work on a closed machine.
const QUIET = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Loads a page in headless Chromium, runs its scripts, and returns the DOM as the browser left it. */
export function renderedDom(browser: string, url: string): string {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  return execFileSync(browser, [...QUIET, `--user-data-dir=${profile}`, '--virtual-time-budget=2000', '--dump-dom', url], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Loads a page in headless Chromium and writes what it shows, `width` x `height` pixels, as a PNG. */
export function screenshot(browser: string, url: string, file: string, width: number, height: number): void {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  execFileSync(browser, [...QUIET, `--user-data-dir=${profile}`, '--hide-scrollbars', `--window-size=${width},${height}`, '--virtual-time-budget=2000', `--screenshot=${file}`, url], { timeout: 60_000, stdio: 'ignore' });
}
