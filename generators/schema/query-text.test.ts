import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonValueToText, textToJsonValue } from './query-text.ts';

const integer = { type: 'integer', minimum: 1, maximum: 100 } as const;

describe('textToJsonValue reads parameter text the way a strict server does', () => {
  it('reads plain decimal digits, with an optional minus, as an integer', () => {
    expect(textToJsonValue('25', integer)).toBe(25);
    expect(textToJsonValue('-1', integer)).toBe(-1);
    expect(Object.is(textToJsonValue('-0', integer), -0)).toBe(true);
  });

  it.each(['1.5', '1e2', ' 25', '25 ', '0x10', '+5', 'abc', '', '25.0'])('leaves %j as text, so it breaks type', (text) => {
    expect(textToJsonValue(text, integer)).toBe(text);
  });

  it('keeps every text of a string schema unchanged', () => {
    fc.assert(fc.property(fc.string(), (text) => textToJsonValue(text, { type: 'string' }) === text));
  });

  it('reads exactly true and false for a boolean', () => {
    expect(textToJsonValue('true', { type: 'boolean' })).toBe(true);
    expect(textToJsonValue('false', { type: ['boolean', 'null'] })).toBe(false);
    expect(textToJsonValue('TRUE', { type: 'boolean' })).toBe('TRUE');
  });

  it('round-trips every safe integer through its text', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => textToJsonValue(jsonValueToText(n), integer) === n));
  });

  it('writes negative zero as -0 and large integers without an exponent', () => {
    expect(jsonValueToText(-0)).toBe('-0');
    expect(jsonValueToText(1e20)).toBe('100000000000000000000');
  });
});
