import { compileIssue, expectError, expectFalse, expectTrue } from './helpers';

/**
 * Rules integers are 64-bit, as in Google's engine: every expectation here was measured against
 * Google's Cloud Firestore emulator (the same cases run on both engines in
 * test/differential/rules-regressions.test.ts).
 */

const MAX = '9223372036854775807';
const MIN = '-9223372036854775808';
const OUT_OF_RANGE =
  'Integer value is out of the [-9223372036854775808, 9223372036854775807] range.';

describe('64-bit integers', () => {
  test('literals cover the int64 range exactly; a minus before a literal is part of it', () => {
    expectTrue(`${MAX} % 2 == 1 && ${MAX} / 10 == 922337203685477580 && ${MAX} % 10 == 7`);
    expectTrue(`${MIN} < 0 && ${MIN} == -${MAX} - 1 && - 9223372036854775808 is int`);
    expectTrue('9007199254740993 - 9007199254740992 == 1 && 9007199254740993 % 2 == 1');
    expectFalse('9007199254740993 == 9007199254740992');
    expect(compileIssue('9223372036854775808 > 0')).toBe(
      'L5:21 Invalid number literal 9223372036854775808.',
    );
    expect(compileIssue('99999999999999999999 > 0')).toMatch(/Invalid number literal/);
    expect(compileIssue('-(9223372036854775808) < 0')).toMatch(/Invalid number literal/);
    expect(compileIssue('1 -9223372036854775808 < 0')).toMatch(/Invalid number literal/);
  });

  test('a second minus straight after a minus does not compile; -(-x) does', () => {
    expect(compileIssue('- -1 == 1')).toBe("L5:23 Unexpected '-'.");
    expectTrue('-(-1) == 1 && !!true');
  });

  test('+, -, * and unary - beyond the range are errors; / and math.abs wrap as Java does', () => {
    expectError(`${MAX} + 1 > 0`, OUT_OF_RANGE);
    expectError(`${MIN} - 1 < 0`, OUT_OF_RANGE);
    expectError('3037000500 * 3037000500 > 0', OUT_OF_RANGE);
    expectError(`-(${MIN}) > 0`, OUT_OF_RANGE);
    expectTrue('3037000499 * 3037000499 == 9223372030926249001');
    expectTrue(`${MIN} / -1 == ${MIN} && ${MIN} % -1 == 0 && math.abs(${MIN}) == ${MIN}`);
    expectTrue(`math.abs(-${MAX}) == ${MAX} && math.abs(-9007199254740993) == 9007199254740993`);
    expectError(`${MAX} / 0 == 0`, 'Division by zero');
  });

  test('an int beside a float is a double in ==, < and arithmetic; sets and diffs are exact', () => {
    expectTrue('9007199254740993 == 9007199254740992.0 && 9007199254740993 >= 9007199254740992.0');
    expectFalse('9007199254740993 > 9007199254740992.0');
    expectTrue(`${MAX} == 9223372036854775808.0 && !(${MAX} < 9223372036854775808.0)`);
    expectTrue('9007199254740993 + 0.0 == 9007199254740992.0 && (9007199254740993 + 0.0) is float');
    expectTrue(`${MAX} + 0.5 == 9223372036854775808.0`);
    expectFalse('9007199254740993 in [9007199254740992.0].toSet()');
    expectTrue('9007199254740992 in [9007199254740992.0].toSet()');
    expectTrue(`[${MAX}, 9223372036854775808.0].toSet().size() == 2`);
    expectTrue(
      "{'a': 9007199254740993}.diff({'a': 9007199254740992.0}).changedKeys() == ['a'].toSet()",
    );
    expectFalse(
      '[9007199254740993] == [9007199254740992] || 9007199254740993 in [9007199254740992]',
    );
    expectFalse("{'a': 9007199254740993} == {'a': 9007199254740992}");
  });

  test('int(), float(), string() and math.* keep 64 bits', () => {
    expectTrue(`string(${MAX}) == '${MAX}' && string(${MIN}) == '${MIN}'`);
    expectTrue(`int('${MAX}') - 1 == 9223372036854775806 && int('${MIN}') == ${MIN}`);
    expectError(`int('9223372036854775808') > 0`, 'Type conversion error');
    expectTrue(`float(${MAX}) == 9223372036854775808.0 && float(9007199254740993) is float`);
    expectTrue("string(float(9223372036854775807)) == '9.223372036854776E18'");
    // Java's (long) cast: toward zero, NaN is 0, the limits beyond the range.
    expectTrue(`int(10000000000000000000.0) == ${MAX} && int(-10000000000000000000.0) == ${MIN}`);
    expectTrue(`int(float('NaN')) == 0 && int(float('-Infinity')) == ${MIN}`);
    expectTrue('int(9007199254740993.0) == 9007199254740992 && int(-2.5) == -2');
    // math.ceil and math.floor give ints as documented (Google's emulator gives floats; see
    // expected-differences.ts); math.round an int, as Java's Math.round.
    expectTrue('math.floor(2.5) is int && math.ceil(2.5) == 3 && math.floor(-2.5) == -3');
    expectTrue(
      `math.ceil(10000000000000000000.0) == ${MAX} && math.floor(9007199254740993) is int`,
    );
    expectTrue(`math.round(2.5) is int && math.round(-2.5) == -2 && math.round(float('NaN')) == 0`);
    expectTrue(`math.round(10000000000000000000.0) == ${MAX}`);
    expectFalse('math.round(9007199254740993) == 9007199254740993');
  });

  test('indexes and slices take any int; beyond the value they are out of bound', () => {
    expectTrue('[1, 2][9007199254740993 - 9007199254740992] == 2');
    expectTrue("'abc'[9007199254740993 - 9007199254740992] == 'b'");
    expectError(`[1, 2][${MAX}] == 1`, 'Index');
    expectError(`[1, 2][${MIN}] == 1`, 'Index');
    expectError(`[1, 2, 3][0:${MAX}] == [1]`, 'Index out of bound');
    expectTrue('/a/$(9007199254740993) == path("/a/9007199254740993")');
  });

  test('stored integers are exact: integerValue is a decimal string on the wire', () => {
    const data = { max: 2n ** 63n - 1n, min: -(2n ** 63n), big: 2n ** 53n + 1n };
    expectTrue(`resource.data.max == ${MAX} && resource.data.min == ${MIN}`, data);
    expectTrue(`resource.data.max - 1 == 9223372036854775806`, data);
    expectFalse(`resource.data.max == 9223372036854775806`, data);
    expectError(`resource.data.max + 1 != 0`, OUT_OF_RANGE, data);
    expectTrue(`string(resource.data.big) == '9007199254740993'`, data);
    expectTrue(
      `resource.data.big > 9007199254740992 && resource.data.big in [9007199254740993]`,
      data,
    );
    expectTrue(
      `resource.data.big == 9007199254740992.0 && [resource.data.big] != [9007199254740992]`,
      data,
    );
  });

  test('timestamps and durations stay in their ranges, as Google’s engine checks them', () => {
    expectTrue('timestamp.value(253402300799999).toMillis() == 253402300799999');
    expectError('timestamp.value(253402300800000).toMillis() > 0', 'Timestamp is not valid');
    expectError('timestamp.value(-62135596800001).toMillis() < 0', 'Timestamp is not valid');
    expectError(
      "(timestamp.date(9999, 12, 31) + duration.value(1, 'd')) > request.time",
      'Timestamp is not valid',
    );
    expectError(
      "(timestamp.date(1, 1, 1) - duration.value(1, 'ns')) < request.time",
      'Timestamp is not valid',
    );
    expectTrue("duration.value(-315576000000, 's').seconds() == -315576000000");
    expectError("duration.value(315576000001, 's').seconds() > 0", 'Duration is not valid');
    expectError(
      "(duration.value(315576000000, 's') + duration.value(1, 's')).seconds() > 0",
      'Duration is not valid',
    );
    expectTrue(`duration.value(${MAX}, 'ns').nanos() == 854775807`);
    expectTrue(`duration.value(${MIN}, 'ns').seconds() == -9223372036`);
    // Milliseconds become int64 nanoseconds first in Google's engine.
    expectTrue("duration.value(9223372036854, 'ms').seconds() == 9223372036");
    expectError("duration.value(9223372036855, 'ms').seconds() > 0", 'Duration is not valid');
    expectError("duration.value(-9223372036855, 'ms').seconds() < 0", 'Duration is not valid');
    expectTrue("duration.value(5259600000, 'm').seconds() == 315576000000");
    expectError("duration.value(5259600001, 'm').seconds() > 0", 'Duration is not valid');
  });
});
