import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FirestoreEngine } from '../../src/firestore/engine';
import { DB, ROOT, docName, setWrite, toFields, viaWire } from './helpers';

// The real fs, with fdatasyncSync observable (group commit batches syncs).
jest.mock('node:fs', () => {
  const real = jest.requireActual<typeof fs>('node:fs');
  return { ...real, fdatasyncSync: jest.fn(real.fdatasyncSync) };
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'));
}

const all = { from: [{ collectionId: 'c' }] };

// Each test's own data directory, removed after it.
let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keeps documents and versions across a clean restart', async () => {
    const first = await FirestoreEngine.open({ dataDir: dir });
    const r = viaWire(first).commit(DB, [setWrite('c/a', { n: 1 }), setWrite('c/b', { n: 2 })]);
    viaWire(first).commit(DB, [{ delete: docName('c/b') }]);
    const lastRead = first.currentReadTime();
    await first.close();

    const second = await FirestoreEngine.open({ dataDir: dir });
    expect(second.getDocument(docName('c/a'))).toEqual({
      name: docName('c/a'),
      fields: toFields({ n: 1 }),
      createTime: r.commitTime,
      updateTime: r.commitTime,
    });
    expect(second.getDocument(docName('c/b'))).toBeNull();
    expect(second.currentReadTime() >= lastRead).toBe(true);
    expect(viaWire(second).commit(DB, [setWrite('c/z', {})]).commitTime > lastRead).toBe(true);
    await second.close();
    expect(fs.existsSync(path.join(dir, 'firestore', 'snapshot.ndjson'))).toBe(true);
  });

  it('replays the journal when the process did not close, ignoring a torn last line', async () => {
    const first = await FirestoreEngine.open({ dataDir: dir });
    viaWire(first).commit(DB, [setWrite('c/a', { n: 1 })]);
    viaWire(first).commit(DB, [setWrite('c/b', { n: 2 })]);
    const last = viaWire(first).commit(DB, [setWrite('c/a', { n: 3 })]).commitTime;
    // No close(): simulate a crash, plus a half-written line that was never acknowledged.
    fs.appendFileSync(
      path.join(dir, 'firestore', 'journal.ndjson'),
      '{"t":"2999-01-01T00:00:00.000000Z","d":[["',
    );

    const second = await FirestoreEngine.open({ dataDir: dir });
    expect(second.getDocument(docName('c/a'))!.fields).toEqual(toFields({ n: 3 }));
    expect(second.getDocument(docName('c/a'))!.updateTime).toBe(last);
    expect(viaWire(second).runQuery(ROOT, all).documents).toHaveLength(2);
    expect(viaWire(second).commit(DB, [setWrite('c/c', {})]).commitTime > last).toBe(true);
    await second.close();
    await first.close().catch(() => undefined);
  });

  it('clear(projectId) removes only that project, durably', async () => {
    const other = 'projects/other/databases/(default)';
    const engine = await FirestoreEngine.open({ dataDir: dir });
    viaWire(engine).commit(DB, [setWrite('c/a', { n: 1 })]);
    viaWire(engine).commit(other, [{ update: { name: `${other}/documents/c/x`, fields: {} } }]);
    const events: Array<{ changes: unknown[] }> = [];
    engine.onCommit((e) => events.push(e));
    engine.clear('demo-test');
    expect(engine.getDocument(docName('c/a'))).toBeNull();
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toHaveLength(1);
    // reopen without close: the clear is journaled
    const again = await FirestoreEngine.open({ dataDir: dir });
    expect(again.getDocument(docName('c/a'))).toBeNull();
    expect(again.getDocument(`${other}/documents/c/x`)).not.toBeNull();
    await again.close();
  });

  it('exports to and imports from a directory', async () => {
    const source = await FirestoreEngine.open({ dataDir: null });
    viaWire(source).commit(DB, [setWrite('c/a', { n: 1 }), setWrite('c/b', { s: 'é' })]);
    const exportDir = path.join(dir, 'export');
    await source.exportTo(exportDir);

    const target = await FirestoreEngine.open({ dataDir: path.join(dir, 'data') });
    viaWire(target).commit(DB, [setWrite('c/old', { n: 0 })]);
    const before = target.currentReadTime();
    const events: Array<{ readTime: string; changes: unknown[] }> = [];
    target.onCommit((e) => events.push(e));
    await target.importFrom(exportDir);
    expect(
      viaWire(target)
        .runQuery(ROOT, all)
        .documents.map((d) => d.fields),
    ).toEqual([toFields({ n: 1 }), toFields({ s: 'é' })]);
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toHaveLength(3);
    expect(events[0]!.readTime > before).toBe(true);
    expect(target.getDocument(docName('c/a'))!.updateTime > before).toBe(true);
    await expect(target.importFrom(path.join(dir, 'nowhere'))).rejects.toThrow(
      /No Firestore export/,
    );
    await target.close();

    const reopened = await FirestoreEngine.open({ dataDir: path.join(dir, 'data') });
    expect(viaWire(reopened).runQuery(ROOT, all).documents).toHaveLength(2);
    await reopened.close();
  });

  it('every acknowledged commit survives kill -9', async () => {
    const child = spawn(
      process.execPath,
      [path.join(__dirname, 'fixtures', 'commit-child.cjs'), dir, DB],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const acked = new Map<number, string>();
    let buffer = '';
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', () => resolve());
      child.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        let nl: number;
        while ((nl = buffer.indexOf('\n')) !== -1) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          const m = /^ack (\d+) (\S+)$/.exec(line);
          if (m) acked.set(Number(m[1]), m[2]!);
          if (acked.size === 300 && !child.killed) child.kill('SIGKILL');
        }
      });
    });
    expect(child.signalCode).toBe('SIGKILL');
    expect(acked.size).toBeGreaterThanOrEqual(300);

    const engine = await FirestoreEngine.open({ dataDir: dir });
    let maxTime = '';
    for (const [i, commitTime] of acked) {
      const doc = engine.getDocument(`${DB}/documents/acks/${i}`);
      expect(doc).not.toBeNull();
      expect(doc!.updateTime).toBe(commitTime);
      expect(doc!.fields['at']).toEqual({ timestampValue: commitTime });
      if (commitTime > maxTime) maxTime = commitTime;
    }
    expect(viaWire(engine).commit(DB, [setWrite('c/after', {})]).commitTime > maxTime).toBe(true);
    await engine.close();
  }, 60_000);
});

describe('group commit', () => {
  it("with fsync 'group', flush() resolves after commits and the data survives a crash", async () => {
    const engine = await FirestoreEngine.open({ dataDir: dir, fsync: 'group' });
    const results = Array.from({ length: 50 }, (_, i) =>
      viaWire(engine).commit(DB, [setWrite(`c/${i}`, { i })]),
    );
    await Promise.all([engine.flush(), engine.flush()]);
    await engine.flush();
    // No close(): reopen as after a crash.
    const again = await FirestoreEngine.open({ dataDir: dir });
    expect(viaWire(again).runQuery(ROOT, all).documents).toHaveLength(50);
    expect(again.getDocument(docName('c/49'))!.updateTime).toBe(results[49]!.commitTime);
    await again.close();
    await engine.close();
  });

  it('commitDurably resolves in commit order and rejects like commit', async () => {
    const engine = await FirestoreEngine.open({ dataDir: dir, fsync: 'group' });
    const order: number[] = [];
    const pending = Array.from({ length: 20 }, (_, i) =>
      viaWire(engine)
        .commitDurably(DB, [setWrite(`c/${i}`, { i })])
        .then((r) => {
          order.push(i);
          return r;
        }),
    );
    // Commits happened synchronously, in call order.
    expect(engine.getDocument(docName('c/19'))).not.toBeNull();
    const results = await Promise.all(pending);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(results.map((r) => r.commitTime)).toEqual([...results.map((r) => r.commitTime)].sort());
    await expect(
      viaWire(engine).commitDurably(DB, [
        setWrite('c/0', {}, { currentDocument: { exists: false } }),
      ]),
    ).rejects.toMatchObject({ status: 'ALREADY_EXISTS' });
    await engine.close();
  });

  it('commits made in one turn of the event loop share one fdatasync', async () => {
    const sync = jest.mocked(fs.fdatasyncSync);
    const engine = await FirestoreEngine.open({ dataDir: dir, fsync: 'group' });
    sync.mockClear();
    const durable = Array.from({ length: 10 }, (_, i) =>
      viaWire(engine).commitDurably(DB, [setWrite(`c/${i}`, { i })]),
    );
    expect(sync).not.toHaveBeenCalled();
    await Promise.all(durable);
    expect(sync).toHaveBeenCalledTimes(1);
    await viaWire(engine).commitDurably(DB, [setWrite('c/next', {})]);
    expect(sync).toHaveBeenCalledTimes(2);
    await engine.close();
  });

  it('flush() is immediate in memory', async () => {
    const engine = await FirestoreEngine.open({ dataDir: null });
    viaWire(engine).commit(DB, [setWrite('c/a', {})]);
    await expect(engine.flush()).resolves.toBeUndefined();
  });
});

describe('journal maintenance', () => {
  it('compacts a growing journal into the snapshot without losing commits', async () => {
    const journal = path.join(dir, 'firestore', 'journal.ndjson');
    const engine = await FirestoreEngine.open({ dataDir: dir, compactJournalAtBytes: 4000 });
    let maxJournal = 0;
    for (let i = 0; i < 200; i++) {
      viaWire(engine).commit(DB, [setWrite(`c/${i % 40}`, { i, pad: 'x'.repeat(50) })]);
      maxJournal = Math.max(maxJournal, fs.statSync(journal).size);
    }
    viaWire(engine).commit(DB, [{ delete: docName('c/0') }]);
    expect(maxJournal).toBeLessThan(4000 + 500);
    // Crash (no close) and reopen: snapshot + journal hold the latest state.
    const again = await FirestoreEngine.open({ dataDir: dir });
    const docs = viaWire(again).runQuery(ROOT, all).documents;
    expect(docs).toHaveLength(39);
    expect(again.getDocument(docName('c/39'))!.fields['i']).toEqual({ integerValue: '199' });
    await again.close();
    await engine.close();
  });

  it('refuses to start on a corrupt journal entry that is followed by others', async () => {
    const engine = await FirestoreEngine.open({ dataDir: dir });
    viaWire(engine).commit(DB, [setWrite('c/a', { n: 1 })]);
    const journal = path.join(dir, 'firestore', 'journal.ndjson');
    const good = fs.readFileSync(journal, 'utf8');
    fs.writeFileSync(journal, '{"t":"broken\n' + good);
    await expect(FirestoreEngine.open({ dataDir: dir })).rejects.toMatchObject({
      status: 'DATA_LOSS',
    });
    await engine.close();
  });

  it('a throwing listener does not break the commit or other listeners', async () => {
    const engine = await FirestoreEngine.open({ dataDir: null });
    const seen: string[] = [];
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    engine.onCommit(() => {
      throw new Error('listener bug');
    });
    const off = engine.onCommit((e) => seen.push(e.readTime));
    const r = viaWire(engine).commit(DB, [setWrite('c/a', {})]);
    expect(seen).toEqual([r.commitTime]);
    expect(spy).toHaveBeenCalled();
    off();
    viaWire(engine).commit(DB, [setWrite('c/b', {})]);
    expect(seen).toHaveLength(1);
    spy.mockRestore();
  });
});
