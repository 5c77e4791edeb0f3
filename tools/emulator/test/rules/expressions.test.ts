import { expectError, expectFalse, expectTrue, evalCondition } from './helpers';

describe('literals and operators', () => {
  test('arithmetic keeps int and float apart', () => {
    expectTrue('1 + 2 == 3');
    expectTrue('7 / 2 == 3');
    expectTrue('-7 / 2 == -3');
    expectTrue('7.0 / 2 == 3.5');
    expectTrue('7 % 3 == 1');
    expectTrue('2 * 3.5 == 7.0');
    expectTrue('1 == 1.0');
    expectTrue('(1 + 2) is int');
    expectTrue('(1 + 2.0) is float');
    expectTrue('-(3) == 0 - 3');
    expectTrue('10 - 4 - 3 == 3');
    expectTrue('2 + 3 * 4 == 14');
    expectError('1 / 0', 'Division by zero');
    expectError('1 + "a"', 'Unsupported operation');
  });

  test('comparisons', () => {
    expectTrue('1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3');
    expectTrue("'a' < 'b' && 'abc' > 'abb'");
    expectTrue("'x' != 'y'");
    expectFalse('2 < 1');
    expectError("1 < 'a'", 'Unsupported operation');
    expectTrue('[1, 2] == [1, 2]');
    // Inside lists and maps the number's type counts (measured against Google's engine).
    expectFalse("{'a': 1} == {'a': 1.0}");
    expectTrue("{'a': 1.0} == {'a': 1.0}");
    expectFalse("{'a': 1} == {'a': 2}");
    expectTrue('null == null');
    expectFalse("null == 'a'");
  });

  test('strings concatenate; lists have concat(), not +', () => {
    expectTrue("'ab' + 'cd' == 'abcd'");
    expectError('[1] + [2] == [1, 2]', 'Received: list + list');
    expectTrue('[1].concat([2]) == [1, 2]');
  });

  test('logical operators short-circuit and absorb errors as the official evaluator does', () => {
    expectTrue('true || resource.data.missing.x');
    expectTrue('resource.data.missing || true');
    expectFalse('resource.data.missing && false');
    expectFalse('false && resource.data.missing');
    expectError('resource.data.missing || false', 'Property missing is undefined on object.');
    expectError('true && resource.data.missing', 'Property missing is undefined on object.');
    expectError('!resource.data.missing', 'Property missing is undefined on object.');
    expectTrue('!false');
    expectError("!'a'", 'Unsupported operation');
    expectError("'a' && true", 'Expected a boolean');
  });

  test('ternary', () => {
    expectTrue("(1 < 2 ? 'yes' : 'no') == 'yes'");
    expectTrue("(1 > 2 ? 'yes' : 'no') == 'no'");
    expectError('(null ? 1 : 2) == 1', 'Null value error.');
  });

  test('in', () => {
    expectTrue('2 in [1, 2, 3]');
    expectFalse('4 in [1, 2, 3]');
    expectTrue("'a' in {'a': 1}");
    expectFalse("'b' in {'a': 1}");
    expectTrue("'a' in ['a', 'b'].toSet()");
    expectError('1 in null', 'Null value error.');
  });

  test('is type checks for every type name', () => {
    const checks: Array<[string, string]> = [
      ["'s'", 'string'],
      ['1', 'int'],
      ['1.5', 'float'],
      ['1', 'number'],
      ['1.5', 'number'],
      ['true', 'bool'],
      ["{'a': 1}", 'map'],
      ['[1]', 'list'],
      ['[1].toSet()', 'set'],
      ['request.time', 'timestamp'],
      ["duration.value(1, 's')", 'duration'],
      ['/databases/x/documents/a/b', 'path'],
      ['latlng.value(1.0, 2.0)', 'latlng'],
      ["'a'.toUtf8()", 'bytes'],
    ];
    for (const [expr, type] of checks) {
      expectTrue(`(${expr}) is ${type}`);
      expectFalse(`(${expr}) is ${type === 'string' ? 'int' : 'string'}`);
    }
    expectFalse('1 is float');
    expectFalse('null is string');
  });

  test('indexing and member access', () => {
    expectTrue('[10, 20, 30][1] == 20');
    expectTrue("{'a': {'b': 2}}['a'].b == 2");
    expectError('[1][5] == 1', 'Index out of bound error. Index: [5] , size: [1].');
    expectError("{'a': 1}['b'] == 1", 'Property b is undefined on object.');
    expectError('resource.data.nothing.deeper == 1', 'Property nothing is undefined on object.');
    expectError('resource.data.n.x == 1', 'Null value error.', { n: null });
    expectTrue('/databases/x/documents/a/b[3] == "a"');
  });
});

describe('request, resource and values from Firestore', () => {
  test('wire values convert with their types', () => {
    const data = {
      i: 3,
      f: 2.5,
      s: 'txt',
      b: true,
      n: null,
      l: [1, 'a'],
      m: { k: 'v' },
      t: new Date('2026-01-02T03:04:05.678Z'),
    };
    expectTrue(
      'resource.data.i is int && resource.data.f is float && resource.data.s is string && ' +
        'resource.data.b is bool && resource.data.n == null && resource.data.l is list && ' +
        'resource.data.m is map && resource.data.t is timestamp',
      data,
    );
    expectTrue('resource.data.t == request.time', data);
    expectTrue(
      "resource.id == 'doc1' && resource.__name__ == /databases/(default)/documents/t/doc1",
      data,
    );
    expectTrue('resource.__name__ == /databases/$(database)/documents/t/$(id)', data);
  });

  test('request.auth, request.method, request.path', () => {
    expectTrue("request.auth.uid == 'alice' && request.auth.token.user_id == 'alice'");
    expectTrue("request.method == 'get'");
    expectTrue('request.path == /databases/(default)/documents/t/doc1');
    expect(evalCondition('request.auth.uid == "x"', {}, { kind: 'anonymous' })).toBe(
      "Null value error. for 'get' @ L6",
    );
    expect(evalCondition('request.auth == null', {}, { kind: 'anonymous' })).toBeNull();
  });

  test('request.resource is undefined on reads', () => {
    expectError('request.resource == null', 'Property resource is undefined on object.');
  });
});
