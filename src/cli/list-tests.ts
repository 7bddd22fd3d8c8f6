import { createVitest } from 'vitest/node';
import { UNUSED_TARGET } from '../config/run-config.ts';
import { ROOT, vitestConfig } from './package-root.ts';

export interface ListedTest {
  name: string;
  file: string;
  rules: string[];
}

/**
 * Collects the conformance tests without running them, with the rules each declares as metadata.
 * The workers get a placeholder target so that no reference server starts just to read test names.
 */
export async function listConformanceTests(): Promise<ListedTest[]> {
  const placeholder = { targets: { baseUrl: UNUSED_TARGET, statusUrl: UNUSED_TARGET, verifyUrl: UNUSED_TARGET } };
  const { options, overrides } = await vitestConfig();
  const vitest = await createVitest('test', { root: ROOT, ...options, provide: { conformance: placeholder }, project: ['conformance'], watch: false, reporters: [] } as never, overrides);
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
}
