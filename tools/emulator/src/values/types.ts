/** Wire value in proto3 JSON form, as the SDK sends and expects it. */
export type Value =
  | { nullValue: null | 'NULL_VALUE' }
  | { booleanValue: boolean }
  | { integerValue: string | number }
  | { doubleValue: number | string }
  | { timestampValue: string | { seconds?: string | number; nanos?: number } }
  | { stringValue: string }
  | { bytesValue: string }
  | { referenceValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Fields } };

export type Fields = Record<string, Value>;

export interface StoredDocument {
  /** Full resource name: projects/{p}/databases/(default)/documents/coll/id */
  name: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface PlannedWrite {
  name: string;
  method: 'create' | 'update' | 'delete';
  before: StoredDocument | null;
  after: StoredDocument | null;
}

export type DocLookup = (name: string) => StoredDocument | null;

/** gRPC status codes by name, as Firestore reports them. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcStatus = keyof typeof GrpcCode;
