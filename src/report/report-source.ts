import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '../http/client.ts';
import { ConfigError } from '../config/run-config.ts';

/** Bounds of a fetch of a published report: the run's own bounds for one request. */
export interface SourceBounds {
  timeoutMs: number;
  maxBodyBytes: number;
}

/**
 * Reads a JSON file of an earlier report: a report directory (`name` inside it), the file itself, or
 * an http(s) URL of a published one. A URL is fetched by the run's bounded client (timeout, size cap,
 * no retries beyond its own), without the run's headers: those are for the target, not for the page.
 * Anything unreadable is one ConfigError naming the flag and the source.
 */
export async function readReportJson(flag: string, source: string, name: string, bounds: SourceBounds): Promise<unknown> {
  let text: string;
  if (/^https?:\/\//i.test(source)) {
    const client = createClient({ headers: {}, timeoutMs: bounds.timeoutMs, maxBodyBytes: bounds.maxBodyBytes, throttle: { maxRetries: 1, maxWaitMs: 5_000 }, hooks: { beforeSend: async () => {}, onExchange: () => {} } });
    let answer;
    try {
      answer = await client.send({ method: 'GET', url: source, headers: { accept: 'application/json' } });
    } catch (error) {
      throw new ConfigError(`${flag} ${source} cannot be fetched: ${(error as Error).message.replace(/^GET \S+: /, '')}`);
    }
    if (answer.status !== 200) throw new ConfigError(`${flag} ${source} answered ${answer.status}, not the report's ${name}`);
    text = answer.responseBody;
  } else {
    const file = existsSync(source) && statSync(source).isDirectory() ? join(source, name) : source;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(`${flag} ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${flag} ${source} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
}
