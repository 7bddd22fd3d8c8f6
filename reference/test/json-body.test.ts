import { describe, expect, it } from 'vitest';
import { toJson } from '../query/json-body.ts';

describe('toJson', () => {
  it('writes bigints as their exact digits, anywhere in the document', () => {
    const body = { total: 2n ** 63n - 1n, low: -(2n ** 63n), list: [1n, { deep: [-5n] }], plain: 7 };
    expect(toJson(body)).toBe('{"total":9223372036854775807,"low":-9223372036854775808,"list":[1,{"deep":[-5]}],"plain":7}');
  });

  it('matches JSON.stringify on documents without bigints, control characters and quotes included', () => {
    const body = { memo: 'a"b\u0001c:12', list: [1, undefined, null, NaN], skipped: undefined, flag: false, zero: -0 };
    expect(toJson(body as never)).toBe(JSON.stringify(body));
    expect(toJson(undefined)).toBe('null');
  });

  it('leaves a text that only looks like a marked bigint as text', () => {
    expect(JSON.parse(toJson({ memo: '\u0001:123', other: 1n }))).toEqual({ memo: '\u0001:123', other: 1 });
  });
});
