import fc from 'fast-check';
import type { OpenAPIV3_1 } from 'openapi-types';
import { labelInvalid } from '../schema/case-labels.ts';
import { isAmbiguous } from '../schema/invalid-case.ts';
import { patternChecker } from '../schema/pattern-regex.ts';
import { nonNullEnum } from '../schema/schema-node.ts';
import { invalidCreditDebitArbitrary } from '../semantic/credit-debit.ts';
import { entityIdArbitrary, invalidEntityIdArbitrary } from '../semantic/entity-id.ts';
import { invalidOperatorFilterArbitrary } from '../semantic/operator-filter.ts';
import { invalidTimestampArbitrary, timestampArbitrary } from '../semantic/timestamp.ts';
import { invalidTransactionResultArbitrary } from '../semantic/transaction-result.ts';
import { invalidTransactionTypeArbitrary } from '../semantic/transaction-type.ts';
import { invalidParameter, type InvalidParameter } from './invalid-parameter.ts';
import { parameterRules, parameterSchema } from './parameter-schema.ts';

/**
 * The mistakes a person makes with a query parameter, chosen by what the parameter holds: a
 * malformed entity ID or timestamp, an operator that is not one of the six, a near-miss type name
 * or filter word. Each value is labelled from what it breaks in the parameter's schema; values a
 * lenient target may read as valid (case variants, empty text) are left out. Undefined when the
 * parameter holds none of these.
 */
export function semanticInvalidParameterArbitrary(parameter: OpenAPIV3_1.ParameterObject): fc.Arbitrary<InvalidParameter> | undefined {
  const schema = parameterSchema(parameter);
  const texts = mistakesFor(schema.pattern, nonNullEnum(schema));
  if (!texts) return undefined;
  const rules = parameterRules(parameter);
  return texts
    .map((text) => labelInvalid(schema, 'text', text, rules))
    .filter((label): label is NonNullable<typeof label> => label !== undefined && !isAmbiguous(label))
    .map((label) => invalidParameter(parameter, label));
}

function mistakesFor(pattern: string | undefined, members: unknown[] | undefined): fc.Arbitrary<string> | undefined {
  if (pattern !== undefined) {
    const accepts = (text: string) => patternChecker(pattern).test(text);
    if (accepts('0.0.1001') && accepts('gte:1001')) return fc.oneof(invalidEntityIdArbitrary(), invalidOperatorFilterArbitrary(entityIdArbitrary()));
    if (accepts('1700000000.5') && accepts('gt:1700000000')) return fc.oneof(invalidTimestampArbitrary(), invalidOperatorFilterArbitrary(timestampArbitrary()));
    if (accepts('0.0.1001')) return invalidEntityIdArbitrary();
    return undefined;
  }
  if (members?.includes('CRYPTOTRANSFER')) return invalidTransactionTypeArbitrary();
  if (members?.includes('success')) return invalidTransactionResultArbitrary();
  if (members?.includes('credit')) return invalidCreditDebitArbitrary();
  return undefined;
}
