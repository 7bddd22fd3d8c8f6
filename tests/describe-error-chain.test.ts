import { describe, expect, it } from 'vitest';
import { describeErrorChain } from '../src/cli/describe-error-chain.ts';

describe('an error outside any test, as the report lists it', () => {
  it('names each error it wraps, innermost last', () => {
    const oom = new Error('Worker terminated due to reaching memory limit: JS heap out of memory');
    const pool = new Error('[vitest-pool]: Worker bounded-threads emitted error.', { cause: oom });
    expect(describeErrorChain(pool)).toBe(
      'Error: [vitest-pool]: Worker bounded-threads emitted error. (caused by Error: Worker terminated due to reaching memory limit: JS heap out of memory)',
    );
  });

  it('keeps a lone error, a named one and a thrown value that is no error', () => {
    expect(describeErrorChain(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeErrorChain('a string')).toBe('a string');
  });

  it('stops on an error that is its own cause', () => {
    const loop = new Error('again');
    Object.assign(loop, { cause: loop });
    expect(describeErrorChain(loop).match(/caused by/g)).toHaveLength(4);
  });
});
