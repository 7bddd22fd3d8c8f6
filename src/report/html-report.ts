import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface HtmlWriter {
  thread: Worker;
  /** Settles with why the thread stopped (an error thrown in it, or its exit). */
  stopped: Promise<Error>;
}

let started: HtmlWriter | undefined;

/**
 * Starts the thread that writes the HTML test tree (html-writer-thread.mjs), which loads allure's
 * writer at once: a run starts it while its tests run, so the loading is done when they end.
 * Reports without HTML (and the tests of them) never start it. It holds no run open by itself, and
 * takes none of this process's node flags (an --eval's among them would stop it).
 */
export function startHtmlWriter(): HtmlWriter {
  if (!started) {
    const thread = new Worker(new URL('./html-writer-thread.mjs', import.meta.url), { workerData: { root: ROOT }, execArgv: [] });
    thread.unref();
    const stopped = new Promise<Error>((resolve) => {
      thread.once('error', resolve);
      thread.once('exit', (code) => resolve(new Error(`the HTML report's writer stopped (exit ${code}) before it wrote the report`)));
    });
    started = { thread, stopped };
  }
  return started;
}

/** Turns allure results into the HTML test tree with allure's own Node API (offline, single file). */
export async function generateHtmlReport(resultsDir: string, outputDir: string, name: string): Promise<void> {
  const { thread, stopped } = startHtmlWriter();
  started = undefined;
  thread.ref();
  try {
    const written = new Promise<{ written: boolean; message?: string; stack?: string }>((resolve) => thread.once('message', resolve));
    thread.postMessage({ resultsDir, outputDir, name });
    const outcome = await Promise.race([written, stopped.then((error) => Promise.reject(error))]);
    if (!outcome.written) throw Object.assign(new Error(outcome.message), { stack: outcome.stack });
  } finally {
    await thread.terminate();
  }
}
