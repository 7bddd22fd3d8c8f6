import { createVitest } from 'vitest/node';
import { UNUSED_TARGET } from '../config/run-config.ts';
import { ROOT, vitestConfig } from './package-root.ts';
import { keepingHostState } from './host-state.ts';
import { keptOpen } from './kept-open-stream.ts';
import type { CliIo } from './cli-io.ts';

export interface ListedTest {
  name: string;
  file: string;
  rules: string[];
}

/**
 * Collects the conformance tests without running them, with the rules each declares as metadata.
 * The workers get a placeholder target so that no reference server starts just to read test names.
 * What vitest says meanwhile goes to `output`.
 */
export async function listConformanceTests(output: Pick<CliIo, 'stdout' | 'stderr'>): Promise<ListedTest[]> {
  const placeholder = { targets: { baseUrl: UNUSED_TARGET, statusUrl: UNUSED_TARGET, verifyUrl: UNUSED_TARGET } };
  const { options, overrides } = await vitestConfig();
  return keepingHostState(async () => {
    const vitest = await createVitest('test', { root: ROOT, ...options, provide: { conformance: placeholder }, project: ['conformance'], watch: false, reporters: [] } as never, overrides, { stdout: keptOpen(output.stdout), stderr: keptOpen(output.stderr) });
    try {
      const { testModules } = await vitest.collect();
      const errors = testModules.flatMap((m) => m.errors());
      if (errors.length) throw new Error(`collecting the conformance tests failed: ${errors[0]!.message}`);
      return testModules.flatMap((m) => [...m.children.allTests()].map((t) => ({
        name: t.fullName,
        file: m.moduleId.replace(ROOT, ''),
        rules: t.meta().rules ?? [],
      })));
    } finally {
      await vitest.close();
    }
  });
}
