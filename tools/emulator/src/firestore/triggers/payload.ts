import { Writer } from 'protobufjs/minimal';
import { wireDocument } from '../protocol';
import { parseTimestamp } from '../../values/timestamps';
import type { Fields, StoredDocument, Value } from '../../values/types';

/**
 * The data of a Firestore CloudEvent: `google.events.cloud.firestore.v1.DocumentEventData`
 * (github.com/googleapis/google-cloudevents, proto/google/events/cloud/firestore/v1/data.proto)
 * in protobuf binary form, as Google's emulator sends it and firebase-functions decodes it:
 * `value` (the document after), `old_value` (before), `update_mask`.
 */
export function documentEventData(
  before: StoredDocument | null,
  after: StoredDocument | null,
): Uint8Array {
  const writer = Writer.create();
  if (after) writeDocument(writer.uint32(tag(1, LENGTH)).fork(), after).ldelim();
  if (before) writeDocument(writer.uint32(tag(2, LENGTH)).fork(), before).ldelim();
  // Google's emulator always sends an empty mask (production lists the changed fields).
  writer.uint32(tag(3, LENGTH)).fork().ldelim();
  return writer.finish();
}

/**
 * A 1st-gen event's JSON body, as Google's emulator posts it: the documents in REST form and the
 * event's context.
 */
export function legacyEventBody(options: {
  eventId: string;
  eventType: string;
  timestamp: string;
  resource: string;
  before: StoredDocument | null;
  after: StoredDocument | null;
}): string {
  return JSON.stringify({
    data: {
      ...(options.after ? { value: wireDocument(options.after) } : {}),
      ...(options.before ? { oldValue: wireDocument(options.before) } : {}),
      updateMask: {},
    },
    context: {
      eventId: options.eventId,
      timestamp: options.timestamp,
      eventType: options.eventType,
      resource: { name: options.resource, service: 'firestore.googleapis.com' },
    },
  });
}

const VARINT = 0;
const FIXED64 = 1;
const LENGTH = 2;

function tag(field: number, wireType: number): number {
  return (field << 3) | wireType;
}

/** google.firestore.v1.Document: name 1, fields 2, create_time 3, update_time 4. */
function writeDocument(writer: Writer, doc: StoredDocument): Writer {
  writer.uint32(tag(1, LENGTH)).string(doc.name);
  writeFields(writer, 2, doc.fields);
  writeTimestamp(writer.uint32(tag(3, LENGTH)).fork(), doc.createTime).ldelim();
  writeTimestamp(writer.uint32(tag(4, LENGTH)).fork(), doc.updateTime).ldelim();
  return writer;
}

/** A `map<string, Value>` field: one entry message (key 1, value 2) each. */
function writeFields(writer: Writer, field: number, fields: Fields): void {
  for (const [key, value] of Object.entries(fields)) {
    writer.uint32(tag(field, LENGTH)).fork();
    writer.uint32(tag(1, LENGTH)).string(key);
    writeValue(writer.uint32(tag(2, LENGTH)).fork(), value).ldelim();
    writer.ldelim();
  }
}

/** google.protobuf.Timestamp: seconds 1, nanos 2 (zero members left out, as proto3 does). */
function writeTimestamp(
  writer: Writer,
  value: string | { seconds?: string | number; nanos?: number },
): Writer {
  const micros = parseTimestamp(value);
  let seconds = micros / 1_000_000n;
  let rest = micros % 1_000_000n;
  if (rest < 0n) {
    rest += 1_000_000n;
    seconds -= 1n;
  }
  if (seconds !== 0n) writer.uint32(tag(1, VARINT)).int64(seconds.toString());
  if (rest !== 0n) writer.uint32(tag(2, VARINT)).int32(Number(rest) * 1000);
  return writer;
}

/** google.firestore.v1.Value, its oneof by field number. */
function writeValue(writer: Writer, value: Value): Writer {
  if ('nullValue' in value) return writer.uint32(tag(11, VARINT)).int32(0);
  if ('booleanValue' in value) return writer.uint32(tag(1, VARINT)).bool(value.booleanValue);
  if ('integerValue' in value)
    return writer.uint32(tag(2, VARINT)).int64(String(value.integerValue));
  if ('doubleValue' in value)
    return writer.uint32(tag(3, FIXED64)).double(Number(value.doubleValue));
  if ('timestampValue' in value) {
    return writeTimestamp(writer.uint32(tag(10, LENGTH)).fork(), value.timestampValue).ldelim();
  }
  if ('stringValue' in value) return writer.uint32(tag(17, LENGTH)).string(value.stringValue);
  if ('bytesValue' in value) {
    return writer.uint32(tag(18, LENGTH)).bytes(Buffer.from(value.bytesValue, 'base64'));
  }
  if ('referenceValue' in value) return writer.uint32(tag(5, LENGTH)).string(value.referenceValue);
  if ('geoPointValue' in value) {
    const { latitude = 0, longitude = 0 } = value.geoPointValue;
    writer.uint32(tag(8, LENGTH)).fork();
    if (latitude !== 0) writer.uint32(tag(1, FIXED64)).double(latitude);
    if (longitude !== 0) writer.uint32(tag(2, FIXED64)).double(longitude);
    return writer.ldelim();
  }
  if ('arrayValue' in value) {
    writer.uint32(tag(9, LENGTH)).fork();
    for (const element of value.arrayValue.values ?? []) {
      writeValue(writer.uint32(tag(1, LENGTH)).fork(), element).ldelim();
    }
    return writer.ldelim();
  }
  writer.uint32(tag(6, LENGTH)).fork();
  writeFields(writer, 1, value.mapValue.fields ?? {});
  return writer.ldelim();
}
