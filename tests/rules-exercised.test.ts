// A schema check credits only the rules of the schema nodes a value reached: of a oneOf, only the
// branch whose type admits the value (a null `bytes` credits nothing of the base64 branch).
import { describe, expect, it } from 'vitest';
import { rulesExercised } from '../src/spec/rules-exercised.ts';

const schema = {
  type: 'object',
  properties: {
    bytes: { oneOf: [{ type: 'string', 'x-rules': ['LQ-2.2-base64-fields'] }, { type: 'null' }] },
    count: { anyOf: [{ type: 'integer', 'x-rules': ['RULE-int'] }, { type: 'string', 'x-rules': ['RULE-text'] }] },
  },
};

describe('rules a schema check exercised', () => {
  it('does not credit the base64 branch for bytes: null', () => {
    expect(rulesExercised(schema, { bytes: null })).toEqual(new Set());
  });

  it('credits the branch that matched with a value', () => {
    expect(rulesExercised(schema, { bytes: 'AAAA', count: 3 })).toEqual(new Set(['LQ-2.2-base64-fields', 'RULE-int']));
    expect(rulesExercised(schema, { count: '3' })).toEqual(new Set(['RULE-text']));
  });
});
