import type { Op, Outcome } from './model';

/**
 * The SDK the interpreter drives: a page's browser build (`PageFirebase` of the harness) or the
 * REST build in Node (node-sdk.ts). `fs` is the module, `db` its Firestore instance.
 */
export interface SdkHandle {
  app: { options: { projectId?: string } };
  db: unknown;
  fs: unknown;
}

export interface PageRun {
  ops: Op[];
  /**
   * Prefix of every collection id: each episode writes to collections no other episode used.
   * Empty: paths are used as they are (the rules cases, whose rules name the collections).
   */
  ns: string;
  /** `http://host:port` of the emulator this page talks to (for the REST operations). */
  restBase: string;
  /** Wall time in ms; timestamps within a day of it were written by the server and compared as such. */
  now: number;
  /** How long one operation may take before its outcome is `timeout` (default 10 s). */
  timeoutMs?: number;
  /** Return after the first operation that fails other than by timing out (its outcome last). */
  stopOnError?: boolean;
  /**
   * The name of a function the page was given (node-sdk.ts, `OUTSIDE_FUNCTION`) that makes a
   * listener's write or answers its query outside the page, JSON text in and out.
   */
  outside?: string;
}

/**
 * Runs the operations one after the other with the real SDK and returns one normalised outcome
 * each. Sent to the page as source text (HarnessClient.run), so it must not use anything from its
 * module: every helper lives inside. In Node it drives `firebase/firestore/lite`, which has no
 * listeners and no snapshot metadata: the outcomes then leave `pending` and `fromCache` out.
 */
export interface InterpretResult {
  outcomes: Outcome[];
  msByOp: Record<string, number>;
  /** Operations that took over a second: [index, kind, ms]. */
  slow: Array<[number, string, number]>;
}

/**
 * Given the run as JSON text, answers JSON text: Playwright then carries one string each way
 * instead of validating and converting every value of the operations and outcomes (a fifth of
 * the test process's CPU, measured with --cpu-prof).
 */
export async function interpretInPage(fb: SdkHandle, request: string): Promise<string>;
export async function interpretInPage(fb: SdkHandle, request: PageRun): Promise<InterpretResult>;
export async function interpretInPage(
  fb: SdkHandle,
  request: PageRun | string,
): Promise<InterpretResult | string> {
  const run: PageRun = typeof request === 'string' ? JSON.parse(request) : request;
  /* eslint-disable @typescript-eslint/no-explicit-any -- the page sees untyped JSON */
  const f = fb.fs as any;
  const db = fb.db;
  const projectId = fb.app.options.projectId!;
  const documentsRoot = `projects/${projectId}/databases/(default)/documents`;
  const SERVER_WINDOW_SECONDS = 86_400;
  // An operation that never settles is an outcome too (and must not hang the run).
  const OP_TIMEOUT_MS = run.timeoutMs ?? 10_000;
  // How long a listener waits for the server's answer to its query before it times out.
  const SERVER_ANSWER_MS = Math.min(OP_TIMEOUT_MS, 10_000);
  // How long a listener may take to show what the server answers after a write.
  const SETTLE_MS = Math.min(OP_TIMEOUT_MS, 10_000);
  // How long a listener may show only its cache before it counts as stuck there.
  const STUCK_MS = Math.min(OP_TIMEOUT_MS, 2_500);
  const real = (path: string) =>
    run.ns === ''
      ? path
      : path
          .split('/')
          .map((segment, i) => (i % 2 === 0 ? `${run.ns}_${segment}` : segment))
          .join('/');
  const logical = (path: string) =>
    run.ns === ''
      ? path
      : path
          .split('/')
          .map((segment, i) => (i % 2 === 0 ? segment.slice(run.ns.length + 1) : segment))
          .join('/');
  const ref = (path: string) => f.doc(db, real(path));
  const special = (v: unknown) =>
    v === 'NaN'
      ? NaN
      : v === 'Infinity'
        ? Infinity
        : v === '-Infinity'
          ? -Infinity
          : v === '-0'
            ? -0
            : v;
  const value = (x: any): unknown => {
    switch (x.k) {
      case 'null':
        return null;
      case 'bool':
      case 'str':
        return x.v;
      case 'num':
        return special(x.v);
      case 'bytes':
        return f.Bytes.fromBase64String(x.v);
      case 'geo':
        return new f.GeoPoint(x.lat, x.lng);
      case 'ts':
        return new f.Timestamp(x.s, x.n);
      case 'ref':
        return ref(x.path);
      case 'arr':
        return x.v.map(value);
      case 'map':
        return fields(x.v);
      case 'serverTs':
        return f.serverTimestamp();
      case 'inc':
        return f.increment(special(x.v));
      case 'union':
        return f.arrayUnion(...x.v.map(value));
      case 'remove':
        return f.arrayRemove(...x.v.map(value));
      case 'delete':
        return f.deleteField();
    }
    throw new Error(`unknown value ${JSON.stringify(x)}`);
  };
  const fields = (data: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(data).map(([key, v]) => [key, value(v)]));
  const fieldPath = (r: any) => ('dotted' in r ? r.dotted : new f.FieldPath(...r.parts));
  const sortedEntries = (o: Record<string, unknown>) =>
    Object.keys(o)
      .sort()
      .map((key) => [key, o[key]] as const);
  const isServerTime = (seconds: number) =>
    Math.abs(seconds - run.now / 1000) < SERVER_WINDOW_SECONDS;
  const norm = (v: any): unknown => {
    if (v === null || v === undefined) return v ?? null;
    if (typeof v === 'number') {
      if (Number.isNaN(v)) return { num: 'NaN' };
      if (Object.is(v, -0)) return { num: '-0' };
      if (!Number.isFinite(v)) return { num: v > 0 ? 'Infinity' : '-Infinity' };
      return v;
    }
    if (typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(norm);
    if (v instanceof f.Timestamp)
      return { ts: isServerTime(v.seconds) ? 'server' : [v.seconds, v.nanoseconds] };
    if (v instanceof f.GeoPoint) return { geo: [norm(v.latitude), norm(v.longitude)] };
    if (v instanceof f.Bytes) return { bytes: v.toBase64() };
    if (v instanceof f.DocumentReference) return { ref: logical(v.path) };
    return { map: sortedEntries(v).map(([key, inner]) => [key, norm(inner)]) };
  };
  const rawNorm = (v: any): unknown => {
    if (Array.isArray(v)) return v.map(rawNorm);
    if (v === null || typeof v !== 'object') return v;
    return sortedEntries(v).map(([key, inner]) => {
      if (key === 'timestampValue' && isServerTime(Date.parse(String(inner)) / 1000))
        return [key, 'server'];
      if (key === 'referenceValue')
        return [key, logical(String(inner).slice(documentsRoot.length + 1))];
      return [key, rawNorm(inner)];
    });
  };
  const filter = (x: any): unknown => {
    if ('and' in x) return f.and(...x.and.map(filter));
    if ('or' in x) return f.or(...x.or.map(filter));
    const field = x.field === '__name__' ? f.documentId() : x.field;
    const operand = Array.isArray(x.value) ? x.value.map(value) : value(x.value);
    return f.where(field, x.cmp, operand);
  };
  const query = (q: any) => {
    const base = q.group
      ? f.collectionGroup(db, `${run.ns}_${q.from}`)
      : f.collection(db, real(q.from));
    const constraints: unknown[] = [];
    for (const [field, direction] of q.orderBy ?? [])
      constraints.push(f.orderBy(field === '__name__' ? f.documentId() : field, direction));
    for (const cursor of q.cursors ?? [])
      constraints.push(f[cursor.kind](...cursor.values.map(value)));
    if (q.limit !== undefined) constraints.push(f.limit(q.limit));
    if (q.limitToLast !== undefined) constraints.push(f.limitToLast(q.limitToLast));
    return q.where ? f.query(base, filter(q.where), ...constraints) : f.query(base, ...constraints);
  };
  // The browser build's snapshots say whether they hold unacknowledged writes or cached data.
  const metadataOf = (snapshot: any) =>
    snapshot.metadata
      ? { pending: snapshot.metadata.hasPendingWrites, fromCache: snapshot.metadata.fromCache }
      : {};
  const docsOf = (snapshot: any) =>
    snapshot.docs.map((d: any) => [logical(d.ref.path), norm(d.data())]);
  const applyWrite = (target: any, w: any) => {
    const r = ref(w.path);
    if (w.op === 'set') {
      const options = w.mergeFields
        ? { mergeFields: w.mergeFields.map((parts: string[]) => new f.FieldPath(...parts)) }
        : w.merge
          ? { merge: true }
          : undefined;
      return options ? target.set(r, fields(w.data), options) : target.set(r, fields(w.data));
    }
    if (w.op === 'update') {
      const args = w.pairs.flatMap(([path, v]: [unknown, unknown]) => [fieldPath(path), value(v)]);
      return target.update(r, ...args);
    }
    return target.delete(r);
  };
  const direct = {
    set: (r: unknown, ...rest: unknown[]) => f.setDoc(r, ...rest),
    update: (r: unknown, ...rest: unknown[]) => f.updateDoc(r, ...rest),
    delete: (r: unknown) => f.deleteDoc(r),
  };
  const rest = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${run.restBase}/v1/${path}`, {
      ...init,
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  // The listener's writes and the server's answer to its query, made outside this page (the REST
  // build in Node, through a function the page was given) when `run.outside` names one: the
  // listener then sees only what the emulator's watch stream tells it. Without it (a page alone)
  // both happen in the page.
  const outside: ((request: string) => Promise<string>) | undefined = run.outside
    ? (globalThis as any)[run.outside]
    : undefined;
  const askOutside = async (ops: unknown[]): Promise<any[]> =>
    JSON.parse(
      await outside!(JSON.stringify({ ops, ns: run.ns, now: run.now, timeoutMs: OP_TIMEOUT_MS })),
    );
  const answerOf = (outcome: any): string => {
    if ('error' in outcome) throw { code: outcome.error };
    return JSON.stringify(outcome.ok.docs);
  };
  const serverDocs = async (q: any, spec: unknown): Promise<string> =>
    outside
      ? answerOf((await askOutside([{ op: 'query', q: spec }]))[0])
      : JSON.stringify(docsOf(await f.getDocsFromServer(q)));
  /** Makes a listener's write; from Node, the server's answer to its query after it comes too. */
  const writeFor = async (w: any, spec: unknown): Promise<{ error?: string; answer?: string }> => {
    if (outside) {
      const [written, answered] = await askOutside([w, { op: 'query', q: spec }]);
      if (!('error' in written)) {
        try {
          return answered ? { answer: answerOf(answered) } : {};
        } catch {
          return {};
        }
      }
      if (!written.inexact) return { error: written.error };
      // Node could not tell the server's code; the page's write stream can. A failed write
      // changed nothing, so making it again is safe.
    }
    try {
      await applyWrite(direct, w);
      return {};
    } catch (error: any) {
      return { error: String(error.code) };
    }
  };

  // `abandoned` is set when the operation timed out: its listener must not go on writing in the
  // background, or a later operation would read a write the other emulator never got.
  const listen = async (op: any, attempt: { abandoned: boolean }) => {
    const q = query(op.q);
    const seen: unknown[] = [];
    let last: any = null;
    let lastDocs = '';
    let recorded = '';
    let failed = false;
    // Since when the listener has shown only its cache (from the start, or since it fell back).
    let cacheSince = Date.now();
    let stuck = false;
    // Settling waits for the next snapshot (or a time), not in a polling loop that costs CPU.
    let wake = () => {};
    const nextSnapshotOr = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const unsubscribe = f.onSnapshot(
      q,
      { includeMetadataChanges: true },
      (snapshot: any) => {
        if (snapshot.metadata.fromCache && !last?.metadata.fromCache) cacheSince = Date.now();
        last = snapshot;
        lastDocs = JSON.stringify(docsOf(snapshot));
        wake();
        // Only what the server confirmed is the emulator's behaviour. A snapshot from the cache
        // shows what earlier operations in this page left there (stale when later writes went
        // through Node), and a snapshot with pending writes is the SDK's own overlay of them on
        // that cache: both are client state, and they raced between the backends (diff-speed's
        // CI run, DIFF_SEED=1). Snapshots that change only metadata come and go with timing;
        // the final metadata is recorded after settling.
        if (snapshot.metadata.fromCache || snapshot.metadata.hasPendingWrites) return;
        if (lastDocs === recorded) return;
        recorded = lastDocs;
        seen.push({ docs: JSON.parse(lastDocs) });
      },
      (error: any) => {
        failed = true;
        seen.push({ error: error.code });
        wake();
      },
    );
    // Settled: the listener shows, confirmed by the server, what the server answers for the query.
    const settle = async (answered?: string) => {
      // Bounded: Google's emulator never answers some range queries over NaN, and waiting for the
      // whole operation's time limit (30 s per write) held a lane for up to 90 s.
      const serverAnswer = async () => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const unanswered = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject({ code: 'timeout' }), SERVER_ANSWER_MS);
        });
        try {
          return await Promise.race([serverDocs(q, op.q), unanswered]);
        } finally {
          clearTimeout(timer);
        }
      };
      let expected: string;
      try {
        expected = answered ?? (await serverAnswer());
      } catch (error: any) {
        if (error.code === 'timeout') {
          // The operation times out, as when it waited for its whole limit, and writes nothing more.
          attempt.abandoned = true;
          throw error;
        }
        seen.push({ serverError: error.code });
        return;
      }
      // An answer from Node is asked after the write was acknowledged there, so it holds the
      // write; getDocsFromServer's may not (below), so it is asked again more often.
      const reaskMs = outside ? 1000 : 250;
      const deadline = Date.now() + SETTLE_MS;
      let asked = Date.now();
      for (;;) {
        while (
          !failed &&
          !(
            last &&
            !last.metadata.hasPendingWrites &&
            !last.metadata.fromCache &&
            lastDocs === expected
          )
        ) {
          if (attempt.abandoned) return;
          // A listener on the cache for seconds while the server has answered does not come
          // back: the SDK's own matching keeps a document the server left out in limbo (a range
          // filter over NaN, `b < 1.5` holding `b: NaN`), on both emulators alike. Waiting for the
          // whole limit there cost most of a run's time.
          const onCache = !last || last.metadata.fromCache;
          if (Date.now() > deadline || (onCache && Date.now() - cacheSince > STUCK_MS)) {
            seen.push({ timeout: expected, ...(onCache ? { fromCache: true } : {}) });
            stuck = true;
            return;
          }
          if (Date.now() - asked > reaskMs) {
            asked = Date.now();
            expected = await serverAnswer().catch(() => expected);
          }
          // The abandoned flag is looked at again within 250 ms at the latest.
          await nextSnapshotOr(Math.max(5, Math.min(250, reaskMs - (Date.now() - asked))));
        }
        if (failed || attempt.abandoned || outside) return;
        // In the page alone the answer comes from getDocsFromServer, which shares the listener's
        // own target and can answer its stale window: agreement counts once the server says the
        // same again a moment later (CI, DIFF_SEED=1 episode 2, before the answer came from Node).
        await new Promise((resolve) => setTimeout(resolve, 250));
        asked = Date.now();
        const again = await serverAnswer().catch(() => expected);
        if (again === expected && lastDocs === expected) return;
        expected = again;
      }
    };
    try {
      await settle();
      for (const w of op.writes) {
        if (failed || stuck || attempt.abandoned) break;
        const written = await writeFor(w, op.q);
        if (written.error) seen.push({ writeError: written.error });
        await settle(written.answer);
      }
      if (last)
        seen.push({
          final: { pending: last.metadata.hasPendingWrites, fromCache: last.metadata.fromCache },
        });
    } finally {
      unsubscribe();
    }
    return seen;
  };

  const perform = async (op: any, attempt: { abandoned: boolean }): Promise<unknown> => {
    switch (op.op) {
      case 'set':
      case 'update':
      case 'delete':
        await applyWrite(direct, op);
        return 'written';
      case 'batch': {
        const batch = f.writeBatch(db);
        for (const w of op.writes) applyWrite(batch, w);
        await batch.commit();
        return 'committed';
      }
      case 'get': {
        const snapshot = await f.getDoc(ref(op.path));
        return {
          exists: snapshot.exists(),
          data: norm(snapshot.data()),
          ...metadataOf(snapshot),
        };
      }
      case 'rawSet': {
        const { status, body } = await rest(`${documentsRoot}:commit`, {
          method: 'POST',
          body: JSON.stringify({
            writes: [{ update: { name: `${documentsRoot}/${real(op.path)}`, fields: op.fields } }],
          }),
        });
        return status === 200 ? 'committed' : { status, error: body?.error?.status ?? null };
      }
      case 'rawGet': {
        const { status, body } = await rest(`${documentsRoot}/${real(op.path)}`);
        return status === 200 ? rawNorm(body.fields ?? {}) : { status };
      }
      case 'query': {
        const snapshot = await f.getDocs(query(op.q));
        return { docs: docsOf(snapshot), ...metadataOf(snapshot) };
      }
      case 'aggregate': {
        const spec: Record<string, unknown> = { count: f.count() };
        if (op.sum) spec['sum'] = f.sum(op.sum);
        if (op.avg) spec['avg'] = f.average(op.avg);
        const snapshot = await (f.getAggregateFromServer ?? f.getAggregate)(query(op.q), spec);
        return norm(snapshot.data());
      }
      case 'transaction':
        return await f.runTransaction(db, async (t: any) => {
          const reads: unknown[] = [];
          for (const path of op.reads) {
            const snapshot = await t.get(ref(path));
            reads.push([snapshot.exists(), norm(snapshot.data())]);
          }
          for (const w of op.writes) applyWrite(t, w);
          return reads;
        });
      case 'contention': {
        const r = ref(op.path);
        await f.setDoc(r, { count: 0 });
        const results = await Promise.all(
          Array.from({ length: op.clients }, () =>
            f
              .runTransaction(db, async (t: any) => {
                const snapshot = await t.get(r);
                t.update(r, { count: (snapshot.data()?.count ?? 0) + 1 });
              })
              .then(
                () => 'ok',
                (error: any) => error.code,
              ),
          ),
        );
        return { results: results.sort(), final: norm((await f.getDoc(r)).data()) };
      }
      case 'listen':
        return await listen(op, attempt);
    }
    throw new Error(`unknown op ${op.op}`);
  };

  const outcomes: Outcome[] = [];
  const msByOp: Record<string, number> = {};
  const slow: Array<[number, string, number]> = [];
  for (const [index, op] of run.ops.entries()) {
    const started = performance.now();
    const running = { abandoned: false };
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const limit = op.op === 'listen' ? OP_TIMEOUT_MS * (1 + op.writes.length) : OP_TIMEOUT_MS;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          running.abandoned = true;
          reject({ code: 'timeout' });
        }, limit);
      });
      outcomes.push({ ok: await Promise.race([perform(op, running), timeout]) });
    } catch (error: any) {
      outcomes.push({
        error: String(error?.code ?? error?.message ?? error),
        message: String(error?.message ?? ''),
      });
    }
    clearTimeout(timer);
    const ms = performance.now() - started;
    msByOp[op.op] = (msByOp[op.op] ?? 0) + ms;
    if (ms > 1000) slow.push([index, op.op, Math.round(ms)]);
    const outcome = outcomes.at(-1)!;
    if (run.stopOnError && 'error' in outcome && outcome.error !== 'timeout') break;
  }
  const result: InterpretResult = { outcomes, msByOp, slow };
  return typeof request === 'string' ? JSON.stringify(result) : result;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
