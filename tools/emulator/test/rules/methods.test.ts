import { evalCondition, expectError, expectFalse, expectTrue } from './helpers';

describe('String methods', () => {
  test('size, case, trim, matches, split, replace, toUtf8', () => {
    expectTrue("'héllo'.size() == 5");
    expectTrue("'AbC'.lower() == 'abc' && 'AbC'.upper() == 'ABC'");
    // As Google's emulator: only ASCII letters are lower-cased.
    expectTrue("'ÉLISE Ærø'.lower() == 'Élise Ærø'");
    expectTrue("'  x y  '.trim() == 'x y'");
    expectTrue("'abc123'.matches('[a-z]+[0-9]+')");
    expectFalse("'abc123x'.matches('[a-z]+[0-9]+')");
    expectTrue("'image/png'.matches('image/.*')");
    expectTrue("'a,b,,c'.split(',') == ['a', 'b', '', 'c']");
    expectTrue("'a-b-c'.replace('-', '+') == 'a+b+c'");
    expectTrue("'é'.toUtf8().size() == 2");
    expectTrue("'ab'[1] == 'b'");
    expectError("'a'.keys()", 'Function not found error');
  });
});

describe('List methods', () => {
  test('size, hasAll, hasAny, hasOnly, join, concat, removeAll, toSet', () => {
    expectTrue('[1, 2, 3].size() == 3');
    expectTrue('[1, 2, 3].hasAll([1, 3]) && ![1, 2].hasAll([1, 4])');
    expectTrue('[1, 2, 3].hasAny([9, 3]) && ![1, 2].hasAny([])');
    expectTrue('[1, 2].hasOnly([1, 2, 3]) && ![1, 4].hasOnly([1, 2, 3])');
    expectTrue("['a', 'b'].join('/') == 'a/b'");
    expectTrue('[1].concat([2, 3]) == [1, 2, 3]');
    expectTrue('[1, 2, 1, 3].removeAll([1]) == [2, 3]');
    expectTrue('[1, 1, 2].toSet().size() == 2');
    expectTrue('[1, 1, 2].toSet() == [2, 1].toSet()');
    expectError('[1].hasAll(1)', 'Expected: list.hasAll(list)');
  });
});

describe('Set methods', () => {
  test('difference, intersection, union, has*, size', () => {
    expectTrue('[1, 2, 3].toSet().difference([2].toSet()) == [1, 3].toSet()');
    expectTrue('[1, 2, 3].toSet().intersection([2, 5].toSet()) == [2].toSet()');
    expectTrue('[1].toSet().union([2].toSet()).size() == 2');
    expectTrue(
      '[1, 2].toSet().hasAll([1]) && [1, 2].toSet().hasAny([2, 7]) && [1].toSet().hasOnly([1, 2])',
    );
    expectError('[1].toSet().union([2])', 'must be a set');
  });
});

describe('Map methods and MapDiff', () => {
  test('keys, values, size, get with default and nested key list', () => {
    expectTrue("{'a': 1, 'b': 2}.keys().hasOnly(['a', 'b']) && {'a': 1}.values() == [1]");
    expectTrue("{'a': 1}.size() == 1");
    expectTrue("{'a': 1}.get('a', 0) == 1 && {'a': 1}.get('z', 0) == 0");
    expectTrue("{'a': {'b': 5}}.get(['a', 'b'], 0) == 5 && {'a': {}}.get(['a', 'b'], 7) == 7");
  });

  test('diff gives added, removed, changed, affected and unchanged keys', () => {
    const data = { before: { a: 1, b: 2, c: 3 }, after: { a: 1, b: 20, d: 4 } };
    expectTrue("resource.data.before.diff(resource.data.after).addedKeys() == ['d'].toSet()", data);
    expectTrue(
      "resource.data.before.diff(resource.data.after).removedKeys() == ['c'].toSet()",
      data,
    );
    expectTrue(
      "resource.data.before.diff(resource.data.after).changedKeys() == ['b'].toSet()",
      data,
    );
    expectTrue(
      "resource.data.before.diff(resource.data.after).unchangedKeys() == ['a'].toSet()",
      data,
    );
    expectTrue(
      "resource.data.before.diff(resource.data.after).affectedKeys() == ['b', 'c', 'd'].toSet()",
      data,
    );
    expectTrue(
      "resource.data.before.diff(resource.data.after).affectedKeys().hasOnly(['b', 'c', 'd'])",
      data,
    );
  });
});

describe('Timestamp and Duration', () => {
  // request.time is 2026-01-02T03:04:05.678Z (a Friday)
  test('timestamp parts', () => {
    expectTrue(
      'request.time.year() == 2026 && request.time.month() == 1 && request.time.day() == 2',
    );
    expectTrue('request.time.hours() == 3 && request.time.minutes() == 4');
    // seconds() is of the minute, as in Google's engine.
    expectTrue('request.time.seconds() == 5 && request.time.nanos() == 678000000');
    expectTrue('request.time.toMillis() == 1767323045678');
    expectTrue('request.time.dayOfWeek() == 5 && request.time.dayOfYear() == 2');
    expectTrue('request.time.date() == timestamp.date(2026, 1, 2)');
    expectTrue('request.time.time() == duration.time(3, 4, 5, 678000000)');
    expectTrue('timestamp.value(1767323045678) == request.time');
  });

  test('timestamp arithmetic with durations', () => {
    expectTrue("request.time + duration.value(1, 'd') > request.time");
    expectTrue("request.time - duration.value(2, 'h') == timestamp.value(1767323045678 - 7200000)");
    expectTrue('(request.time - timestamp.date(2026, 1, 2)) == duration.time(3, 4, 5, 678000000)');
    expectTrue(
      "duration.value(90, 's').seconds() == 90 && duration.value(5, 'ms').nanos() == 5000000",
    );
    expectTrue("duration.abs(duration.value(-3, 'm')) == duration.value(3, 'm')");
    expectError("duration.value(1, 'years')", 'Unknown duration unit');
  });
});

describe('math, conversions, latlng, debug', () => {
  test('math', () => {
    expectTrue('math.abs(-3) == 3 && math.abs(-2.5) == 2.5');
    expectTrue('math.ceil(1.2) == 2 && math.floor(1.8) == 1 && math.round(2.5) == 3');
    expectTrue('math.sqrt(9) == 3.0 && math.pow(2, 10) == 1024.0');
    expectTrue('math.isNaN(0.0 / 0.0) && math.isInfinite(1.0 / 0.0)');
  });

  test('int(), float(), string()', () => {
    expectTrue("int('42') == 42 && int(3.9) == 3 && float(2) == 2.0 && float('1.5') == 1.5");
    expectTrue("string(12) == '12' && string(true) == 'true' && string(null) == 'null'");
    expectTrue("int('42') is int && float(2) is float");
    expectError("int('x')", 'Type conversion error. Argument: [x]');
  });

  test('latlng', () => {
    expectTrue(
      'latlng.value(1.0, 2.0).latitude() == 1.0 && latlng.value(1.0, 2.0).longitude() == 2.0',
    );
    expectTrue('latlng.value(0.0, 0.0).distance(latlng.value(0.0, 1.0)) > 111000.0');
  });

  test('debug returns its argument', () => {
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(evalCondition('debug(1 + 1) == 2')).toBeNull();
      expect(write).toHaveBeenCalledWith('rules debug: 2\n');
    } finally {
      write.mockRestore();
    }
  });
});
