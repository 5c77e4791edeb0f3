import type { Fields, Value } from '../../values/types';

/**
 * Stored values in the form proto3 JSON gives them, as Google's Cloud Firestore emulator answers:
 * empty repeated and message fields left out (`arrayValue: {}`, `mapValue: {}`, a geo point's
 * zero coordinates) and a timestamp with 0, 3 or 6 fractional digits. The store keeps its own
 * canonical form (fixed-width timestamps compare as text); this is applied on the way out only,
 * and returns its input untouched when nothing changes, so most documents cost one walk.
 */
export function proto3Fields(fields: Fields): Fields {
  let out: Fields | null = null;
  for (const key in fields) {
    const value = fields[key]!;
    const converted = proto3Value(value);
    if (converted !== value) {
      out ??= { ...fields };
      out[key] = converted;
    }
  }
  return out ?? fields;
}

function proto3Value(value: Value): Value {
  if ('timestampValue' in value && typeof value.timestampValue === 'string') {
    const text = shortTimestamp(value.timestampValue);
    return text === value.timestampValue ? value : { timestampValue: text };
  }
  if ('arrayValue' in value) {
    const values = value.arrayValue.values;
    if (values === undefined) return value;
    if (values.length === 0) return { arrayValue: {} };
    let out: Value[] | null = null;
    values.forEach((element, i) => {
      const converted = proto3Value(element);
      if (converted !== element) (out ??= [...values])[i] = converted;
    });
    return out === null ? value : { arrayValue: { values: out } };
  }
  if ('mapValue' in value) {
    const inner = value.mapValue.fields;
    if (inner === undefined) return value;
    let empty = true;
    for (const _ in inner) {
      empty = false;
      break;
    }
    if (empty) return { mapValue: {} };
    const converted = proto3Fields(inner);
    return converted === inner ? value : { mapValue: { fields: converted } };
  }
  if ('geoPointValue' in value) {
    const { latitude, longitude } = value.geoPointValue;
    if (latitude !== 0 && longitude !== 0) return value;
    return {
      geoPointValue: {
        ...(latitude ? { latitude } : {}),
        ...(longitude ? { longitude } : {}),
      },
    };
  }
  return value;
}

/** `...SS.ffffffZ` with its trailing zero groups dropped: `...SSZ`, `...SS.fffZ` or as is. */
function shortTimestamp(text: string): string {
  if (!text.endsWith('000Z') || text.length < 8 || text[text.length - 8] !== '.') return text;
  return text.endsWith('.000000Z') ? text.slice(0, -8) + 'Z' : text.slice(0, -4) + 'Z';
}
