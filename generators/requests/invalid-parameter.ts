import type { InvalidCase } from '../schema/invalid-case.ts';

/** An invalid parameter of a generated request: which one, its text, and what the text breaks. */
export interface InvalidParameter extends InvalidCase<string> {
  name: string;
  in: 'query' | 'path';
}
