import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileMemo, KEPT } from '../verify/compile-memo.ts';

const VERSION = '0.8.37+commit.f401782d';

describe('the compile memo', () => {
  it('gives back a kept compile only for the same compiler version and the same input text', () => {
    const memo = compileMemo(mkdtempSync(join(tmpdir(), 'lc-memo-')));
    expect(memo.recall(VERSION, '{"a":1}')).toBeUndefined();
    memo.keep(VERSION, '{"a":1}', { output: '{"contracts":{}}', ms: 137 });
    expect(memo.recall(VERSION, '{"a":1}')).toEqual({ output: '{"contracts":{}}', ms: 137 });
    expect(memo.recall(VERSION, '{"a": 1}')).toBeUndefined();
    expect(memo.recall('0.8.36+commit.b0b3ce6c', '{"a":1}')).toBeUndefined();
  });

  it(`keeps the newest ${KEPT} compiles and drops the oldest`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'lc-memo-'));
    const memo = compileMemo(dir);
    for (let i = 0; i < KEPT + 3; i++) memo.keep(VERSION, `{"n":${i}}`, { output: String(i), ms: 1 });
    expect(readdirSync(dir).filter((n) => n.endsWith('.json'))).toHaveLength(KEPT);
    expect(memo.recall(VERSION, `{"n":${KEPT + 2}}`)?.output).toBe(String(KEPT + 2));
  });

  it('costs only the next compile where it cannot write', () => {
    const blocked = join(mkdtempSync(join(tmpdir(), 'lc-memo-')), 'a-file');
    writeFileSync(blocked, '');
    const memo = compileMemo(blocked);
    expect(() => memo.keep(VERSION, '{}', { output: '{}', ms: 1 })).not.toThrow();
    expect(memo.recall(VERSION, '{}')).toBeUndefined();
  });
});
