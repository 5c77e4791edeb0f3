/**
 * A small admin client for the emulator's Firestore REST API with the emulators' `owner` token,
 * which bypasses the rules: tests use it to arrange data and to check what the app wrote.
 */
type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }
  | { timestampValue: string }
  | { arrayValue: { values?: Value[] } }
  | { mapValue: { fields?: Record<string, Value> } };

export type Plain = null | boolean | number | string | Date | Plain[] | { [key: string]: Plain };

/** Any JSON-like value (typed documents included) in the wire shape. */
export function toValue(value: unknown): Value {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  if (typeof value === 'object') return { mapValue: { fields: toFields(value) } };
  throw new Error(`Cannot store ${typeof value} in Firestore: ${String(value)}`);
}

export function toFields(data: object): Record<string, Value> {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
}

export function fromValue(value: Value): Plain {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('stringValue' in value) return value.stringValue;
  if ('timestampValue' in value) return new Date(value.timestampValue);
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(fromValue);
  return fromFields(value.mapValue.fields ?? {});
}

export function fromFields(fields: Record<string, Value>): Record<string, Plain> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

export interface AdminDoc {
  id: string;
  path: string;
  data: Record<string, Plain>;
}

export class FirestoreAdmin {
  constructor(
    private readonly baseUrl: string,
    private readonly projectId: string,
  ) {}

  private get database() {
    return `projects/${this.projectId}/databases/(default)`;
  }

  private async call(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}/v1/${url}`, {
      method,
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: HTTP ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** The document at `path` ('posts/abc'), or null. */
  async get(path: string): Promise<AdminDoc | null> {
    const name = `${this.database}/documents/${path}`;
    const [result] = (await this.call('POST', `${this.database}/documents:batchGet`, {
      documents: [name],
    })) as Array<{ found?: { fields?: Record<string, Value> } }>;
    if (!result?.found) return null;
    return { id: path.split('/').pop()!, path, data: fromFields(result.found.fields ?? {}) };
  }

  /**
   * Writes documents in one commit. `serverTime` lists fields set to the request time, as the
   * SDK's serverTimestamp() does.
   */
  async write(
    writes: Array<{ path: string; data: object; serverTime?: string[] } | { delete: string }>,
  ): Promise<void> {
    await this.call('POST', `${this.database}/documents:commit`, {
      writes: writes.map((write) =>
        'delete' in write
          ? { delete: `${this.database}/documents/${write.delete}` }
          : {
              update: {
                name: `${this.database}/documents/${write.path}`,
                fields: toFields(write.data),
              },
              ...(write.serverTime?.length
                ? {
                    updateTransforms: write.serverTime.map((fieldPath) => ({
                      fieldPath,
                      setToServerValue: 'REQUEST_TIME',
                    })),
                  }
                : {}),
            },
      ),
    });
  }

  /** Documents of a collection where `field == value` (or all of it). */
  list(collection: string, where?: { field: string; equals: Plain }): Promise<AdminDoc[]> {
    return this.query({ collectionId: collection }, where);
  }

  /** Documents of every collection named `collectionId`, at any depth, where `field == value`. */
  listGroup(collectionId: string, where?: { field: string; equals: Plain }): Promise<AdminDoc[]> {
    return this.query({ collectionId, allDescendants: true }, where);
  }

  private async query(
    from: { collectionId: string; allDescendants?: boolean },
    where?: { field: string; equals: Plain },
  ): Promise<AdminDoc[]> {
    const structuredQuery = {
      from: [from],
      ...(where
        ? {
            where: {
              fieldFilter: {
                field: { fieldPath: where.field },
                op: 'EQUAL',
                value: toValue(where.equals),
              },
            },
          }
        : {}),
    };
    const rows = (await this.call('POST', `${this.database}/documents:runQuery`, {
      structuredQuery,
    })) as Array<{ document?: { name: string; fields?: Record<string, Value> } }>;
    return rows
      .filter((row) => row.document)
      .map((row) => {
        const path = row.document!.name.split('/documents/')[1]!;
        return { id: path.split('/').pop()!, path, data: fromFields(row.document!.fields ?? {}) };
      });
  }
}
