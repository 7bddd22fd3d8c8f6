/** What an invalid input breaks, so a suite can assert the target's answer names the right thing. */

/** The JSON Schema keywords a generated value can break. */
export type Keyword = 'type' | 'pattern' | 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'enum' | 'format' | 'required';

/**
 * Where a value travels: `json` values go in request bodies as they are; `text` values are what a
 * query or path parameter carries (every such value is text, so an integer is its decimal text).
 */
export type Encoding = 'json' | 'text';

export interface InvalidCase<V = unknown> {
  /** The JSON value (encoding `json`) or the parameter text (encoding `text`). */
  value: V;
  /** The keyword the value breaks. */
  violates: Keyword;
  /**
   * Further keywords the same value breaks, only for boundary entries where the break cannot be
   * isolated (the empty string against `^\d+$` with minLength 1). Arbitraries never set it.
   */
  alsoViolates?: Keyword[];
  /** Rule ids of the schema node (and parameter) the value breaks. */
  rules: string[];
  /**
   * Valid but for letter case (`ASC` for `asc`, an upper-case hash): the contract's text rejects it,
   * a real service may accept it, so a suite decides whether this is a contract or observed check.
   */
  caseVariant?: true;
  /** The empty parameter text (`limit=`): a target may read it as an absent parameter. */
  emptyText?: true;
}

/** True when a case may legitimately be accepted by a target that is lenient where the contract is silent. */
export function isAmbiguous(invalid: Pick<InvalidCase, 'caseVariant' | 'emptyText'>): boolean {
  return invalid.caseVariant === true || invalid.emptyText === true;
}
