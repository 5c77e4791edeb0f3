import {
  formatTypedValue,
  parseTypedValue,
  VALUE_TYPES,
  type Parsed,
} from '../../src/browser/typed-values';
import { normalizeValue } from '../../src/values';
import type { Value } from '../../src/values';

// The data browser's forms: a type and a text become a Firestore value, and a stored value
// becomes the type and text that give it back.
const DATABASE = 'projects/demo/databases/(default)';

function valueOf(type: string, text: string): Value {
  const parsed = parseTypedValue(type, text, DATABASE);
  if ('error' in parsed) throw new Error(`${type} ${JSON.stringify(text)}: ${parsed.error}`);
  return parsed.value;
}

function errorOf(type: string, text: string): string {
  const parsed: Parsed = parseTypedValue(type, text, DATABASE);
  if (!('error' in parsed)) throw new Error(`expected an error, got ${JSON.stringify(parsed)}`);
  return parsed.error;
}

test('scalars: each type from its text', () => {
  expect(valueOf('string', 'two\r\nlines ')).toEqual({ stringValue: 'two\nlines ' });
  expect(valueOf('integer', ' -42 ')).toEqual({ integerValue: '-42' });
  expect(valueOf('integer', '9223372036854775807')).toEqual({
    integerValue: '9223372036854775807',
  });
  expect(valueOf('double', '0.5')).toEqual({ doubleValue: 0.5 });
  expect(valueOf('double', '1e3')).toEqual({ doubleValue: 1000 });
  expect(valueOf('double', '7')).toEqual({ doubleValue: 7 });
  expect(valueOf('double', 'NaN')).toEqual({ doubleValue: 'NaN' });
  expect(valueOf('double', '-Infinity')).toEqual({ doubleValue: '-Infinity' });
  expect(valueOf('boolean', 'TRUE')).toEqual({ booleanValue: true });
  expect(valueOf('boolean', 'false')).toEqual({ booleanValue: false });
  expect(valueOf('null', '')).toEqual({ nullValue: null });
  expect(valueOf('timestamp', '2024-01-02T03:04:05.123456789Z')).toEqual({
    timestampValue: '2024-01-02T03:04:05.123456789Z',
  });
  expect(valueOf('timestamp', '2024-01-02t04:04:05+01:00')).toEqual({
    timestampValue: '2024-01-02T04:04:05+01:00',
  });
  expect(valueOf('geopoint', '52.52, 13.405')).toEqual({
    geoPointValue: { latitude: 52.52, longitude: 13.405 },
  });
  expect(valueOf('reference', 'users/alice')).toEqual({
    referenceValue: `${DATABASE}/documents/users/alice`,
  });
  expect(valueOf('reference', '/users/alice/notes/n1')).toEqual({
    referenceValue: `${DATABASE}/documents/users/alice/notes/n1`,
  });
  expect(valueOf('reference', 'projects/other/databases/(default)/documents/a/b')).toEqual({
    referenceValue: 'projects/other/databases/(default)/documents/a/b',
  });
  expect(valueOf('bytes', 'AQID')).toEqual({ bytesValue: 'AQID' });
});

test('refuses text that is not of the type, saying how to write it', () => {
  expect(errorOf('integer', '1.5')).toMatch(/digits only/);
  expect(errorOf('integer', '9223372036854775808')).toMatch(/64 bits/);
  expect(errorOf('double', '1,5')).toMatch(/decimal number/);
  expect(errorOf('boolean', 'yes')).toMatch(/true or false/);
  expect(errorOf('null', 'x')).toMatch(/empty/);
  expect(errorOf('timestamp', '2024-01-02')).toMatch(/RFC 3339/);
  expect(errorOf('timestamp', '2024-13-45T99:00:00Z')).toMatch(/RFC 3339/);
  expect(errorOf('geopoint', '91, 0')).toMatch(/Latitude/);
  expect(errorOf('geopoint', '0, 181')).toMatch(/Longitude/);
  expect(errorOf('geopoint', '1')).toMatch(/two numbers/);
  expect(errorOf('reference', 'users')).toMatch(/collection\/id/);
  expect(errorOf('reference', 'users//alice')).toMatch(/collection\/id/);
  expect(errorOf('bytes', 'AQI')).toMatch(/base64/);
  expect(errorOf('array', '{"a": 1}')).toMatch(/\[ … \]/);
  expect(errorOf('map', '[1]')).toMatch(/\{ … \}/);
  expect(errorOf('map', '{"a": }')).toMatch(/Not JSON: ValueExpected at line 1, column 7/);
  expect(errorOf('array', '[1,\n 99999999999999999999]')).toMatch(/64 bits.*decimal point/);
  expect(errorOf('vector', '1')).toMatch(/Unknown type/);
});

test('arrays and maps: JSON numbers keep integer and double apart, wire objects give any type', () => {
  expect(valueOf('array', '')).toEqual({ arrayValue: { values: [] } });
  expect(valueOf('map', ' ')).toEqual({ mapValue: { fields: {} } });
  expect(
    valueOf(
      'array',
      `["a", 7, 7.0, 1e2, -0.5, true, null, {"timestampValue": "2024-01-02T03:04:05Z"},
        {"referenceValue": "users/bob"}, {"x": [1]}]`,
    ),
  ).toEqual({
    arrayValue: {
      values: [
        { stringValue: 'a' },
        { integerValue: '7' },
        { doubleValue: 7 },
        { doubleValue: 100 },
        { doubleValue: -0.5 },
        { booleanValue: true },
        { nullValue: null },
        { timestampValue: '2024-01-02T03:04:05Z' },
        { referenceValue: `${DATABASE}/documents/users/bob` },
        { mapValue: { fields: { x: { arrayValue: { values: [{ integerValue: '1' }] } } } } },
      ],
    },
  });
  expect(
    valueOf(
      'map',
      '{"big": 9007199254740993, "geo": {"geoPointValue": {"latitude": 1, "longitude": 2}}}',
    ),
  ).toEqual({
    mapValue: {
      fields: {
        big: { integerValue: '9007199254740993' },
        geo: { geoPointValue: { latitude: 1, longitude: 2 } },
      },
    },
  });
});

/** Stored values (canonical, as the commit path leaves them) the forms must give back. */
const STORED: Value[] = [
  { stringValue: '\nstarts with a line break, <b>and markup</b>' },
  { stringValue: '' },
  { integerValue: '-9223372036854775808' },
  { integerValue: '9007199254740993' },
  { doubleValue: 2 },
  { doubleValue: 0.1 },
  { doubleValue: 'NaN' },
  { doubleValue: '-Infinity' },
  { booleanValue: false },
  { nullValue: null },
  { timestampValue: '2024-01-02T03:04:05.123456Z' },
  { geoPointValue: { latitude: -33.87, longitude: 151.21 } },
  { referenceValue: `${DATABASE}/documents/users/alice` },
  { referenceValue: 'projects/elsewhere/databases/(default)/documents/a/b' },
  { bytesValue: 'AAEC/w==' },
  { arrayValue: { values: [] } },
  { mapValue: { fields: {} } },
  {
    arrayValue: {
      values: [
        { integerValue: '1' },
        { doubleValue: 1 },
        { doubleValue: 1.5 },
        { doubleValue: 'Infinity' },
        { integerValue: '-9223372036854775808' },
        { timestampValue: '2020-02-29T00:00:00.000001Z' },
        { geoPointValue: { latitude: 0, longitude: 0 } },
        { bytesValue: 'AQID' },
        { referenceValue: `${DATABASE}/documents/c/d` },
        { mapValue: { fields: { stringValue: { stringValue: 'a key that looks typed' } } } },
        {
          mapValue: {
            fields: {
              deep: {
                mapValue: { fields: { list: { arrayValue: { values: [{ nullValue: null }] } } } },
              },
            },
          },
        },
      ],
    },
  },
];

test('every stored value round-trips through its form text', () => {
  for (const stored of STORED) {
    const canonical = normalizeValue(stored);
    const { type, text } = formatTypedValue(canonical, DATABASE);
    expect(VALUE_TYPES).toContain(type);
    const back = normalizeValue(valueOf(type, text));
    expect({ type, value: back }).toEqual({ type, value: canonical });
  }
});

test('the form shows the value as a person writes it', () => {
  expect(formatTypedValue({ doubleValue: 2 }, DATABASE)).toEqual({ type: 'double', text: '2' });
  expect(
    formatTypedValue({ referenceValue: `${DATABASE}/documents/users/alice` }, DATABASE),
  ).toEqual({ type: 'reference', text: 'users/alice' });
  expect(
    formatTypedValue(
      { arrayValue: { values: [{ integerValue: '7' }, { doubleValue: 7 }, { stringValue: 'x' }] } },
      DATABASE,
    ),
  ).toEqual({ type: 'array', text: '[\n  7,\n  {\n    "doubleValue": 7\n  },\n  "x"\n]' });
});
