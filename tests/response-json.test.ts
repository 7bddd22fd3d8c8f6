// responseJson parses an answer once for all its readers, and tells a body that is not JSON.
import { describe, expect, it } from 'vitest';
import { responseJson } from '../src/http/exchange.ts';

describe('responseJson', () => {
  it('gives every reader of one answer the same parsed value, and each answer its own', () => {
    const answer = { responseBody: '{"links":{"next":null},"items":[1,2]}' };
    const first = responseJson(answer);
    expect(first).toEqual({ links: { next: null }, items: [1, 2] });
    expect(responseJson(answer)).toBe(first);
    const twin = { responseBody: answer.responseBody };
    expect(responseJson(twin)).toEqual(first);
    expect(responseJson(twin)).not.toBe(first);
  });

  it('answers undefined for a body that is not JSON, every time it is asked', () => {
    const answer = { responseBody: '<html>502 Bad Gateway</html>' };
    expect(responseJson(answer)).toBeUndefined();
    expect(responseJson(answer)).toBeUndefined();
    expect(responseJson({ responseBody: '' })).toBeUndefined();
  });
});
