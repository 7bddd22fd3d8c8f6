import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import setup from './support/scratch-tmpdir.ts';

describe("the test run's temporary directory", () => {
  it('is where os.tmpdir() points until teardown, which removes it with everything in it and points back', () => {
    const outer = tmpdir();
    const teardown = setup();
    const root = tmpdir();
    expect(dirname(root)).toBe(outer);
    mkdirSync(join(root, 'a-report', 'html'), { recursive: true });
    writeFileSync(join(root, 'a-report', 'html', 'index.html'), '<html></html>');
    teardown();
    expect(existsSync(root)).toBe(false);
    expect(tmpdir()).toBe(outer);
  });
});
