import type { Fields, Value } from '../values/types';
import type { ValuePath } from './document-edits';
import { dataTable, href, html, type Html } from './html';

/** What a row of the fields table offers for its value (edit, add, delete), if anything. */
export type ValueActions = (path: ValuePath, value: Value, label: string) => Html;

/** Firestore's name for the type of a wire value, as the Firebase console shows it. */
export function typeOf(value: Value): string {
  if ('nullValue' in value) return 'null';
  if ('booleanValue' in value) return 'boolean';
  if ('integerValue' in value) return 'integer';
  if ('doubleValue' in value) return 'double';
  if ('timestampValue' in value) return 'timestamp';
  if ('stringValue' in value) return 'string';
  if ('bytesValue' in value) return 'bytes';
  if ('referenceValue' in value) return 'reference';
  if ('geoPointValue' in value) return 'geopoint';
  if ('arrayValue' in value) return 'array';
  return 'map';
}

function timestampText(
  value: Extract<Value, { timestampValue: unknown }>['timestampValue'],
): string {
  if (typeof value === 'string') return value;
  const millis = Number(value.seconds ?? 0) * 1000 + Math.floor((value.nanos ?? 0) / 1e6);
  return new Date(millis).toISOString();
}

function scalar(value: Value): Html {
  if ('nullValue' in value) return html`<span class="null">null</span>`;
  if ('booleanValue' in value) return html`${String(value.booleanValue)}`;
  if ('integerValue' in value) return html`${String(value.integerValue)}`;
  if ('doubleValue' in value) return html`${String(value.doubleValue)}`;
  if ('timestampValue' in value) return html`<time>${timestampText(value.timestampValue)}</time>`;
  if ('stringValue' in value) return html`<span class="string">${value.stringValue}</span>`;
  if ('bytesValue' in value) return html`<code>${value.bytesValue}</code> (base64)`;
  if ('referenceValue' in value) {
    return html`<a href="${href('/firestore', { path: value.referenceValue })}"
      >${value.referenceValue}</a
    >`;
  }
  if ('geoPointValue' in value) {
    const { latitude = 0, longitude = 0 } = value.geoPointValue;
    return html`${`${latitude}, ${longitude}`}`;
  }
  return html``;
}

/** One field row: name, type, value; arrays and maps nest their members below. */
function fieldRows(
  name: string,
  value: Value,
  depth: number,
  path: ValuePath,
  actions: ValueActions | null,
): Html[] {
  const type = typeOf(value);
  const indent = `depth-${Math.min(depth, 6)}`;
  const members: Array<[string, Value, string | number]> =
    'arrayValue' in value
      ? (value.arrayValue.values ?? []).map((v, i) => [String(i), v, i])
      : 'mapValue' in value
        ? sortedEntries(value.mapValue.fields ?? {}).map(([k, v]) => [k, v, k])
        : [];
  const summary =
    'arrayValue' in value || 'mapValue' in value
      ? html`<span class="count"
          >${members.length} ${members.length === 1 ? 'entry' : 'entries'}</span
        >`
      : scalar(value);
  return [
    html`<tr class="${indent}">
      <td class="field">${name}</td>
      <td class="type">${type}</td>
      <td class="value">${summary}</td>
      ${actions ? html`<td class="actions">${actions(path, value, path.join('.'))}</td>` : ''}
    </tr>`,
    ...members.flatMap(([key, member, step]) =>
      fieldRows(key, member, depth + 1, [...path, step], actions),
    ),
  ];
}

/** A value in one cell: scalars as they are, arrays and maps by their size. */
export function valueCell(value: Value | undefined): Html {
  if (value === undefined) return html`<span class="missing">(none)</span>`;
  if ('arrayValue' in value || 'mapValue' in value) {
    const size =
      'arrayValue' in value
        ? (value.arrayValue.values ?? []).length
        : Object.keys(value.mapValue.fields ?? {}).length;
    return html`<span class="count">${typeOf(value)} of ${size}</span>`;
  }
  return scalar(value);
}

function sortedEntries(fields: Fields): Array<[string, Value]> {
  return Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A document's fields as a table of name, type and value (and what can be done to each). */
export function fieldsTable(fields: Fields, actions: ValueActions | null = null): Html {
  const rows = sortedEntries(fields).flatMap(([name, value]) =>
    fieldRows(name, value, 0, [name], actions),
  );
  if (rows.length === 0) return html`<p class="empty">No fields.</p>`;
  return dataTable(
    'fields',
    actions ? ['field', 'type', 'value', 'actions'] : ['field', 'type', 'value'],
    rows,
  );
}
