import { rssBytes } from './memory';
import { commit, documentsPath } from './rest';
import { sleep } from './stats';

/**
 * RSS of the server process after 100,000 small documents were written to it (REST commits of
 * 500), a few seconds after the last one: what a developer's machine holds for a seeded emulator.
 */

export const DOCUMENTS = 100_000;
const BATCH = 500;
// Commits in flight at once: loads faster than one by one, as a seeding script would.
const CONCURRENCY = 4;
const SETTLE_MS = 3000;

function smallDocument(documents: string, i: number): unknown {
  return {
    update: {
      name: `${documents}/posts/d${i}`,
      fields: {
        text: { stringValue: 'a small post about nothing' },
        uid: { stringValue: `u${i % 50}` },
        createdAt: { timestampValue: new Date(1_700_000_000_000 + i).toISOString() },
        likes: { arrayValue: { values: [{ stringValue: 'u1' }] } },
      },
    },
  };
}

export interface DocumentsMemoryResult {
  rssBytes: number;
  loadMs: number;
}

export async function measureDocumentsMemory(
  firestoreUrl: string,
  projectId: string,
  pid: number,
): Promise<DocumentsMemoryResult> {
  const documents = documentsPath(projectId);
  const start = performance.now();
  let next = 0;
  const loader = async () => {
    while (next < DOCUMENTS) {
      const first = next;
      next += BATCH;
      const writes = Array.from({ length: BATCH }, (_, k) => smallDocument(documents, first + k));
      await commit(firestoreUrl, projectId, writes);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loader));
  const loadMs = performance.now() - start;
  await sleep(SETTLE_MS);
  const rss = rssBytes(pid);
  if (rss === null) throw new Error(`cannot read the RSS of process ${pid}`);
  return { rssBytes: rss, loadMs };
}
