import { compileIssue, expectError, expectFalse, expectTrue } from './helpers';

/**
 * Behaviours of Google's rules engine that the differential test (test/differential/rules) found
 * this engine doing otherwise, each measured against Google's Cloud Firestore emulator. The same
 * cases run on both engines in test/differential/rules-regressions.test.ts.
 */

describe('the language as Google’s engine reads it', () => {
  test('a path literal ends at the ) of the call around it, also before .data', () => {
    expect(compileIssue('get(/databases/$(database)/documents/t/doc1).data.v == 3')).toBeNull();
    expect(compileIssue("/a/b.c == path('/a/b.c')")).toBeNull();
    // Parentheses are no segment characters.
    expect(compileIssue('/a/b(c) == null')).toMatch(/^L5:\d+ /);
    expect(compileIssue('/databases/$(database)/documents/a/b.size() == 2')).toMatch(/^L5:\d+ /);
  });

  test('number literals are decimal: no exponent, hex or u suffix', () => {
    expect(compileIssue('1e3 == 1000.0')).toMatch(/^L5:\d+ /);
    expect(compileIssue('1.5E3 == 1500.0')).toMatch(/^L5:\d+ /);
    expect(compileIssue('0x10 == 16')).toMatch(/^L5:\d+ /);
    expect(compileIssue('10u == 10')).toMatch(/^L5:\d+ /);
    expectTrue('1. == 1.0 && .5 == 0.5');
  });

  test('a literal pattern RE2 refuses does not compile in matches() and split()', () => {
    expect(compileIssue("'x'.matches('[a-')")).toBe(
      'L5:33 Invalid regular expression pattern. Pattern: [a-.',
    );
    expect(compileIssue("'x'.split('(a)\\\\1').size() == 1")).toContain('Pattern: (a)\\1.');
    expect(compileIssue("'x'.replace('(?=a)', 'b') == 'x'")).toBeNull();
    expectError("'x'.replace('(?=a)', 'b') == 'x'", 'Invalid regular expression pattern.');
    expectError("'x'.matches('[a-' + '')", 'Invalid regular expression pattern. Pattern: [a-.');
  });
});

describe('values as Google’s engine judges them', () => {
  test('timestamp.date() refuses dates that do not exist instead of rolling over', () => {
    expectError('timestamp.date(2020, 13, 1) != null', 'Date is not valid. year: 2020, month: 13');
    expectError('timestamp.date(2021, 2, 29) != null', 'Date is not valid.');
    expectError('timestamp.date(2020, 1, 0) != null', 'Date is not valid.');
    expectError('timestamp.date(0, 1, 1) != null', 'Timestamp should be between');
    expectError('timestamp.date(10000, 1, 1) != null', 'year: 10000.');
    expectTrue('timestamp.date(2020, 2, 29).day() == 29');
    expectTrue('timestamp.date(1, 1, 1).toMillis() == -62135596800000');
    expectTrue('timestamp.date(9999, 12, 31).year() == 9999');
  });

  test('int() and float() of strings take what Java’s parseLong and parseDouble take', () => {
    expectError("float('0x10') == 16.0", 'Type conversion error. Argument: [0x10]');
    expectError("int('0x10') == 16", 'To type: [int]');
    expectError("int(' 12 ') == 12", 'Type conversion error');
    expectError("int('1e3') == 1000", 'Type conversion error');
    expectError("int('12.0') == 12", 'Type conversion error');
    expectError("float('') == 0.0", 'Type conversion error');
    expectError("float('inf') > 0", 'Type conversion error');
    expectTrue("int('+3') == 3 && int('0012') == 12 && int('-0') == 0");
    expectTrue("int('١٢') == 12");
    expectTrue("float(' 12 ') == 12.0 && float('1e3') == 1000.0 && float('1.') == 1.0");
    expectTrue("float('1d') == 1.0 && float('0x1p3') == 8.0 && float('-Infinity') < 0");
    expectTrue("math.isNaN(float('NaN'))");
  });

  test('in a list, and inside lists and maps, an int is not a float', () => {
    expectFalse('1.0 in [1, 2]');
    expectFalse('1 in [1.0]');
    expectTrue('1.0 in [1.0] && 0.0 in [-0.0] && -0.0 in [0.0]');
    expectFalse('[1] == [1.0]');
    expectFalse('[0.0] == [-0.0]');
    expectFalse('[[1]] == [[1.0]]');
    expectFalse("float('NaN') in [float('NaN')]");
    expectFalse('[1].hasAny([1.0])');
    expectFalse('[1].removeAll([1.0]).size() == 0');
    expectTrue('1 == 1.0 && -0.0 == 0.0');
  });

  test('sets and map diffs compare numbers by value, NaN equal to NaN', () => {
    expectTrue('1.0 in [1].toSet() && [1.0].toSet() == [1].toSet()');
    expectTrue('[1, 1.0].toSet().size() == 1 && [[1]].toSet() == [[1.0]].toSet()');
    expectTrue("float('NaN') in [float('NaN')].toSet()");
    expectTrue('[1].toSet().hasAny([1.0])');
    expectTrue("{'a': 1}.diff({'a': 1.0}).unchangedKeys() == ['a'].toSet()");
    expectTrue("{'a': [1]}.diff({'a': [1.0]}).changedKeys().size() == 0");
  });

  test('lists have no +, and list methods take lists only', () => {
    expectError('[1, 2] + [3] == [1, 2, 3]', 'Received: list + list');
    expectError(
      '[1].hasAny([1].toSet())',
      'Received: list.hasAny(set). Expected: list.hasAny(list).',
    );
    expectError('[1].concat([2].toSet()).size() == 2', 'Expected: list.concat(list).');
    expectTrue('[1].toSet().hasOnly([1])');
  });
});

describe('strings as Google’s engine (Java) handles them', () => {
  test('size and [] count UTF-16 units', () => {
    expectTrue("'é😀'.size() == 3 && '😀'.size() == 2");
    expectTrue("'😀a'[2] == 'a'");
    expectFalse("'a😀'[1] == '😀'");
    expectError("'abc'[-1] == 'c'", 'Index');
  });

  test('upper() and lower() change ASCII letters only', () => {
    expectTrue("'ß'.upper() == 'ß' && 'é'.upper() == 'é' && 'abc'.upper() == 'ABC'");
    expectTrue("'İ'.lower() == 'İ' && 'ÉA'.lower() == 'Éa'");
  });

  test('< compares UTF-16 units, trim() removes what Java’s trim() removes', () => {
    expectFalse("'\\uE000' < '😀'");
    expectTrue("'\\uFFFD' > '😀'");
    expectTrue("'\\u00A0a\\u00A0'.trim().size() == 3 && '\\ta\\n'.trim() == 'a'");
  });

  test('regular expressions are RE2: flags, classes, quoting, named groups', () => {
    expectTrue("'a\\nc'.matches('(?s)a.c')");
    expectFalse("'a\\nc'.matches('a.c')");
    expectTrue("'abc'.matches('[[:alpha:]]+') && 'éa'.matches('\\\\pL+')");
    expectTrue("'αβ'.matches('\\\\p{Greek}+') && 'A.B'.matches('\\\\QA.B\\\\E')");
    expectTrue("'ab'.matches('(?P<x>a)b') && '😀'.matches('\\\\x{1F600}')");
    expectTrue("'ab'.matches('\\\\Aab\\\\z') && '😀'.matches('.')");
    expectFalse("'😀'.matches('..')");
  });

  test('replace() uses $1 and ${name}; split() keeps leading and drops trailing empties', () => {
    expectTrue("'abc'.replace('(b)', '[$1]') == 'a[b]c'");
    expectTrue("'abc'.replace('(b)', '[\\\\1]') == 'a[1]c'");
    expectTrue("'abc'.replace('(?P<x>b)', '${x}') == 'abc'");
    expectTrue("'abc'.replace('', '-') == '-a-b-c-'");
    expectTrue("'a,b,,'.split(',') == ['a', 'b']");
    expectTrue("'abc'.split('') == ['', 'a', 'b', 'c']");
    expectTrue("',,'.split(',') == [''] && 'a'.split('a') == ['']");
    expectTrue("'abc'.split('b*').size() == 4 && 'a😀'.split('').size() == 4");
  });
});

describe('built-ins the differential generator grew to cover', () => {
  test('slices of strings (UTF-16 units) and lists, with Google’s bound errors', () => {
    expectTrue("'abcdef'[1:3] == 'bc' && 'abc'[:] == 'abc' && 'abc'[1:] == 'bc'");
    expectTrue('[1, 2, 3][1:] == [2, 3] && [1, 2, 3][:1] == [1] && [1, 2][1:1] == []');
    expectTrue("'a😀'[1:2] == '\\uD83D'");
    expectError("'abcdef'[-2:] == 'ef'", 'Index out of bound error. Index: [-2] , size: [6].');
    expectError("'abc'[1:10] == 'bc'", 'Index: [9] , size: [3].');
    expectError('[1, 2, 3][2:1] == []', 'Illegal range error. From index: [2] , To index: [1].');
    expectError("'abc'[1.0:2] == 'b'", 'Received: string[float:int].');
    expectError("' pad '[0:0] == ''", 'Index: [-1] , size: [5].');
    expectError('[][0:] == []', 'Index: [0] , size: [0].');
    expectTrue("'abc'[1:1] == '' && ''[:] == ''");
  });

  test('paths and lists take no index from the end', () => {
    expectError("path('a/b/c')[-1] == 'c'", 'Index out of bound error. Index: [-1] , size: [3].');
    expectError('[1, 2][-1] == 2', 'Index out of bound error. Index: [-1] , size: [2].');
    expectTrue('[1, 2][1] == 2');
  });

  test('latlng.value() refuses a point off the globe', () => {
    expectError('latlng.value(91, 0) != null', 'latitude: 91.0, longitude: 0.0.');
    expectTrue('latlng.value(-90, 180).latitude() == -90');
  });

  test('string() of a float is Java’s Double.toString', () => {
    expectTrue("string(-0.0) == '-0.0' && string(2.5) == '2.5' && string(3.0) == '3.0'");
    expectTrue("string(10000000.0) == '1.0E7' && string(0.0001) == '1.0E-4'");
    expectTrue("string(123456789012.5) == '1.234567890125E11' && string(0.001) == '0.001'");
    expectTrue("string(float('Infinity')) == 'Infinity'");
  });

  test('hashing.* of strings and bytes; bytes literals', () => {
    expectTrue("hashing.md5('abc').toHexString() == '900150983CD24FB0D6963F7D28E17F72'");
    expectTrue(
      "hashing.sha256('abc').toHexString() == " +
        "'BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD'",
    );
    expectTrue("hashing.crc32('abc').toHexString() == 'C2412435'");
    expectTrue("hashing.crc32c('abc').toHexString() == 'B73F4B36'");
    expectTrue("hashing.sha256(b'abc') == hashing.sha256('abc')");
    expectError('hashing.sha256(1) is bytes', 'Expected: hashing.sha256(bytes)');
    expectTrue("b'\\x90\\x01'.size() == 2 && b\"ab\" == b'ab' && b'é'.size() == 2");
  });
});

describe('what a second seed of the grown generator found', () => {
  test('timestamp.seconds() is of the minute; join() writes non-strings as string() does', () => {
    expectTrue('timestamp.value(1500000000123).seconds() == 0');
    expectTrue('timestamp.value(1500000000123).minutes() == 40');
    expectTrue("[1, 2.5, true].join('-') == '1-2.5-true' && [null].join('-') == 'null'");
    expectTrue('math.round(-2.5) == -2 && math.round(2.5) == 3');
  });
});
