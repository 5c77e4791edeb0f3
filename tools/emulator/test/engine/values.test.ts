import { compareValues, normalizeValue, compareUtf8, valuesEqual } from '../../src/values/values';
import { canonicalTimestamp } from '../../src/values/timestamps';
import type { Value } from '../../src/firestore/engine';

const n = (v: unknown): Value => normalizeValue(v);

describe('value ordering', () => {
  it('orders types null < boolean < number < timestamp < string < bytes < reference < geo < array < map', () => {
    const ordered = [
      { nullValue: null },
      { booleanValue: false },
      { integerValue: '-5' },
      { timestampValue: '2020-01-01T00:00:00Z' },
      { stringValue: '' },
      { bytesValue: 'AA==' },
      { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
      { geoPointValue: { latitude: 0, longitude: 0 } },
      { arrayValue: { values: [] } },
      { mapValue: { fields: {} } },
    ].map(n);
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        expect(Math.sign(compareValues(ordered[i]!, ordered[j]!))).toBe(Math.sign(i - j));
      }
    }
  });

  it('compares integers and doubles numerically, with NaN first and -0 equal to 0', () => {
    expect(compareValues(n({ integerValue: '1' }), n({ doubleValue: 1.5 }))).toBeLessThan(0);
    expect(compareValues(n({ doubleValue: 2.5 }), n({ integerValue: '2' }))).toBeGreaterThan(0);
    expect(compareValues(n({ integerValue: '1' }), n({ doubleValue: 1 }))).toBe(0);
    expect(compareValues(n({ doubleValue: 'NaN' }), n({ doubleValue: '-Infinity' }))).toBeLessThan(
      0,
    );
    expect(compareValues(n({ doubleValue: 'NaN' }), n({ doubleValue: 'NaN' }))).toBe(0);
    expect(compareValues(n({ doubleValue: '-0' }), n({ integerValue: '0' }))).toBe(0);
    expect(
      compareValues(n({ doubleValue: 'Infinity' }), n({ integerValue: '9223372036854775807' })),
    ).toBeGreaterThan(0);
    expect(valuesEqual(n({ doubleValue: -0 }), n({ doubleValue: 0 }))).toBe(true);
  });

  it('compares large integers exactly, beyond double precision', () => {
    const a = n({ integerValue: '9007199254740993' });
    const b = n({ integerValue: '9007199254740992' });
    expect(compareValues(a, b)).toBeGreaterThan(0);
    expect(compareValues(a, n({ doubleValue: 9007199254740992 }))).toBeGreaterThan(0);
    expect(
      compareValues(
        n({ integerValue: '-9223372036854775808' }),
        n({ integerValue: '9223372036854775807' }),
      ),
    ).toBeLessThan(0);
  });

  it('compares strings in UTF-8 byte order, not UTF-16', () => {
    // U+FFFD (BMP, UTF-16 0xFFFD) sorts before U+1F600 (surrogates 0xD83D...) in UTF-8.
    expect('\uFFFD' > '\u{1F600}').toBe(true); // JS order is the other way round
    expect(compareUtf8('\uFFFD', '\u{1F600}')).toBeLessThan(0);
    expect(
      compareValues(n({ stringValue: '\u{1F600}' }), n({ stringValue: '\uFFFD' })),
    ).toBeGreaterThan(0);
    expect(compareUtf8('a', 'ab')).toBeLessThan(0);
    expect(compareUtf8('B', 'a')).toBeLessThan(0);
    expect(compareUtf8('é', 'z')).toBeGreaterThan(0);
  });

  it('compares timestamps numerically whatever their fraction digits', () => {
    const nanos = n({ timestampValue: '2024-05-01T10:00:00.123456789Z' });
    const micros = n({ timestampValue: '2024-05-01T10:00:00.123456Z' });
    const later = n({ timestampValue: '2024-05-01T10:00:00.2Z' });
    expect(compareValues(nanos, micros)).toBe(0);
    expect(compareValues(micros, later)).toBeLessThan(0);
    expect(
      compareValues(
        n({ timestampValue: '2024-05-01T12:00:00+02:00' }),
        n({ timestampValue: '2024-05-01T10:00:00Z' }),
      ),
    ).toBe(0);
    expect(
      compareValues(
        n({ timestampValue: { seconds: '1700000000', nanos: 5000 } }),
        n({ timestampValue: '2023-11-14T22:13:20.000005Z' }),
      ),
    ).toBe(0);
  });

  it('canonicalizes timestamps to fixed-width microseconds', () => {
    expect(canonicalTimestamp('2024-05-01T10:00:00Z')).toBe('2024-05-01T10:00:00.000000Z');
    expect(canonicalTimestamp('2024-05-01T10:00:00.123456789Z')).toBe(
      '2024-05-01T10:00:00.123456Z',
    );
    expect(canonicalTimestamp('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000000Z');
    expect(() => canonicalTimestamp('2024-13-99')).toThrow(/Invalid timestamp/);
    expect(() => canonicalTimestamp('2023-02-29T00:00:00Z')).toThrow(/Invalid timestamp/);
    expect(canonicalTimestamp('2024-02-29T23:59:59Z')).toBe('2024-02-29T23:59:59.000000Z');
    expect(canonicalTimestamp('1969-12-31T23:59:59.5Z')).toBe('1969-12-31T23:59:59.500000Z');
    expect(() => canonicalTimestamp('10000-01-01T00:00:00Z')).toThrow(/Invalid timestamp/);
  });

  it('compares bytes by unsigned byte value', () => {
    const a = n({ bytesValue: Buffer.from([0x01, 0xff]).toString('base64') });
    const b = n({ bytesValue: Buffer.from([0x02]).toString('base64') });
    const c = n({ bytesValue: Buffer.from([0x01]).toString('base64') });
    expect(compareValues(a, b)).toBeLessThan(0);
    expect(compareValues(c, a)).toBeLessThan(0);
  });

  it('compares references segment by segment', () => {
    const ref = (p: string) =>
      n({ referenceValue: `projects/p/databases/(default)/documents/${p}` });
    expect(compareValues(ref('a/b'), ref('a/b/c/d'))).toBeLessThan(0);
    // Segment-wise: "a/b" < "a-/x" even though '-' (0x2d) < '/' (0x2f) as characters.
    expect(compareValues(ref('a/b'), ref('a-/x'))).toBeLessThan(0);
  });

  it('compares geo points by latitude then longitude', () => {
    const g = (latitude: number, longitude: number) =>
      n({ geoPointValue: { latitude, longitude } });
    expect(compareValues(g(1, 100), g(2, -100))).toBeLessThan(0);
    expect(compareValues(g(1, 1), g(1, 2))).toBeLessThan(0);
  });

  it('compares arrays element-wise then by length', () => {
    const arr = (...xs: number[]) =>
      n({ arrayValue: { values: xs.map((x) => ({ integerValue: String(x) })) } });
    expect(compareValues(arr(1, 2), arr(1, 3))).toBeLessThan(0);
    expect(compareValues(arr(1, 2), arr(1, 2, 0))).toBeLessThan(0);
    expect(compareValues(arr(2), arr(1, 5))).toBeGreaterThan(0);
  });

  it('compares maps by sorted keys, then values, then size', () => {
    const map = (fields: Record<string, number>) =>
      n({
        mapValue: {
          fields: Object.fromEntries(
            Object.entries(fields).map(([k, v]) => [k, { integerValue: String(v) }]),
          ),
        },
      });
    expect(compareValues(map({ a: 1, b: 2 }), map({ b: 2, a: 1 }))).toBe(0);
    expect(compareValues(map({ a: 1 }), map({ b: 0 }))).toBeLessThan(0);
    expect(compareValues(map({ a: 2 }), map({ a: 1, b: 1 }))).toBeGreaterThan(0);
    expect(compareValues(map({ a: 1 }), map({ a: 1, b: 1 }))).toBeLessThan(0);
  });
});

describe('value validation', () => {
  it('rejects malformed values', () => {
    expect(() => n({ integerValue: 'abc' })).toThrow(/Invalid integerValue/);
    expect(() => n({ integerValue: '9223372036854775808' })).toThrow(/out of range/);
    expect(() => n({ stringValue: 'a', integerValue: '1' })).toThrow(/exactly one type/);
    expect(() => n({ fooValue: 1 })).toThrow(/Unknown value type/);
    expect(() => n({ arrayValue: { values: [{ arrayValue: {} }] } })).toThrow(
      /contains an invalid nested entity/,
    );
  });
});
