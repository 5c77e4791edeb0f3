/**
 * Enum fields of requests: proto3 JSON allows an enum's number as well as its name, and the Admin
 * SDK's REST transport (`preferRest`, what functions use here) sends numbers
 * (`enum-encoding=int`). Each is turned into its name, which the rest of the protocol reads.
 * The numbers are google/firestore/v1/query.proto's and write.proto's.
 */
function namer(names: Record<number, string>) {
  return (value: unknown): unknown =>
    typeof value === 'number' && Number.isInteger(value) ? (names[value] ?? value) : value;
}

export const serverValueName = namer({ 0: 'SERVER_VALUE_UNSPECIFIED', 1: 'REQUEST_TIME' });

export const compositeOperatorName = namer({ 0: 'OPERATOR_UNSPECIFIED', 1: 'AND', 2: 'OR' });

export const fieldOperatorName = namer({
  0: 'OPERATOR_UNSPECIFIED',
  1: 'LESS_THAN',
  2: 'LESS_THAN_OR_EQUAL',
  3: 'GREATER_THAN',
  4: 'GREATER_THAN_OR_EQUAL',
  5: 'EQUAL',
  6: 'NOT_EQUAL',
  7: 'ARRAY_CONTAINS',
  8: 'IN',
  9: 'ARRAY_CONTAINS_ANY',
  10: 'NOT_IN',
});

export const unaryOperatorName = namer({
  0: 'OPERATOR_UNSPECIFIED',
  2: 'IS_NAN',
  3: 'IS_NULL',
  4: 'IS_NOT_NAN',
  5: 'IS_NOT_NULL',
});

export const directionName = namer({ 0: 'DIRECTION_UNSPECIFIED', 1: 'ASCENDING', 2: 'DESCENDING' });
