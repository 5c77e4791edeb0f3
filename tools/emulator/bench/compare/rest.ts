/**
 * The two REST calls the comparison makes, as an admin (`Bearer owner`: both emulators skip rules
 * for it), so loading data and timing queries measure the database, not rules.
 */

export function documentsPath(projectId: string): string {
  return `projects/${projectId}/databases/(default)/documents`;
}

// One call slower than this is taken for a hung server.
const CALL_TIMEOUT_MS = 120_000;

async function call(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** One atomic commit of `writes` (REST `documents:commit`). */
export async function commit(
  firestoreUrl: string,
  projectId: string,
  writes: unknown[],
): Promise<void> {
  const database = `projects/${projectId}/databases/(default)`;
  await call(`${firestoreUrl}/v1/${database}/documents:commit`, { writes });
}

/** The documents a structured query returns (REST `documents:runQuery`). */
export async function runQuery(
  firestoreUrl: string,
  projectId: string,
  structuredQuery: unknown,
): Promise<unknown[]> {
  const results = (await call(`${firestoreUrl}/v1/${documentsPath(projectId)}:runQuery`, {
    structuredQuery,
  })) as Array<{ document?: unknown }>;
  return results.flatMap((result) => (result.document ? [result.document] : []));
}
