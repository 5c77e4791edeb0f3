import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { startStack, type HarnessClient, type Stack } from '../harness';
import { rawRequest } from './raw-request';

// The data browser's changes, requests view, rules coverage and usage counts, in real Chromium,
// over data a real SDK client wrote through the rules.
const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /usersData/{uid} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid;
    }
    match /scores/{id} {
      allow read, write: if request.auth != null;
    }
    match /counted/{id} {
      allow read, write: if request.auth != null;
    }
  }
}`;
const lineOf = (source: string, text: string) =>
  source.split('\n').findIndex((l) => l.includes(text)) + 1;

let stack: Stack;
let alice: HarnessClient;
let context: BrowserContext;
let page: Page;
let base: string;
let database: string;

const docPath = (path: string) => `${database}/documents/${path}`;
const open = (path: string, query = '') =>
  page.goto(`${base}firestore?path=${encodeURIComponent(docPath(path))}${query}`);
const fieldsOf = (path: string) => stack.emulator.engine.getDocument(docPath(path))?.fields;
/** The fields table's row of a value (`tags.0`), by its Edit link's name. */
const rowOf = (label: string) =>
  page.locator('table.fields tr', {
    has: page.getByRole('link', { name: `Edit ${label}`, exact: true }),
  });

const request = (path: string, options?: Parameters<typeof rawRequest>[2]) =>
  rawRequest(base, path, options);

beforeAll(async () => {
  stack = await startStack({ firestoreRules: FIRESTORE_RULES, dataBrowserPort: 0 });
  base = stack.emulator.dataBrowserUrl!;
  database = `projects/${stack.projectId}/databases/(default)`;
  alice = await stack.openClient({ uid: 'alice' });
  await alice.run(async (fb) => {
    const f = fb.fs;
    await f.setDoc(f.doc(fb.db, 'usersData', 'alice'), {
      bio: '\nline one\nline <two>',
      age: 41,
      ratio: 0.5,
      whole: 2.0,
      admin: false,
      nothing: null,
      joined: f.Timestamp.fromMillis(Date.UTC(2024, 0, 2, 3, 4, 5, 678)),
      tags: ['a', 7, 1.5],
      userInfo: { userName: 'Alice', links: { site: 'https://example.test' } },
      home: new f.GeoPoint(52.5, 13.4),
      friend: f.doc(fb.db, 'usersData', 'bob'),
      blob: f.Bytes.fromUint8Array(new Uint8Array([1, 2, 3, 255])),
    });
    // A listener: the browser's writes must reach it like any other commit.
    fb.vars['seen'] = [];
    f.onSnapshot(f.doc(fb.db, 'usersData', 'alice'), (snap) =>
      (fb.vars['seen'] as unknown[]).push(snap.data()),
    );
    try {
      await f.setDoc(f.doc(fb.db, 'usersData', 'bob'), { bio: 'not yours' });
    } catch {
      // expected: PERMISSION_DENIED
    }
  });
  context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  // Confirmations (delete) are accepted, as a person clicking OK.
  page.on('dialog', (dialog) => void dialog.accept());
}, 120_000);

afterAll(async () => {
  await context?.close();
  await alice?.close();
  await stack?.stop();
});

test('saving every typed value unchanged writes the same value back', async () => {
  const before = fieldsOf('usersData/alice')!;
  for (const field of Object.keys(before).sort()) {
    await open('usersData/alice');
    await page.getByRole('link', { name: `Edit ${field}`, exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await page.getByRole('status').textContent()).toBe('Saved.');
  }
  expect(fieldsOf('usersData/alice')).toEqual(before);
});

test('edits a value to another type; the listener sees the change', async () => {
  await open('usersData/alice');
  await page.getByRole('link', { name: 'Edit age', exact: true }).click();
  await page.getByLabel('Type').selectOption('double');
  await page.getByLabel('Value').fill('41.25');
  await page.getByRole('button', { name: 'Save' }).click();
  expect(await page.getByRole('status').textContent()).toBe('Saved.');
  expect(await rowOf('age').locator('td.type').textContent()).toBe('double');
  expect(await rowOf('age').locator('td.value').textContent()).toContain('41.25');
  expect(fieldsOf('usersData/alice')!['age']).toEqual({ doubleValue: 41.25 });
  await alice.waitFor((fb) =>
    (fb.vars['seen'] as Array<{ age?: number }>).some((d) => d.age === 41.25),
  );
});

test('refuses text that is not of the chosen type, keeping what was typed', async () => {
  await open('usersData/alice');
  await page.getByRole('link', { name: 'Edit ratio', exact: true }).click();
  await page.getByLabel('Type').selectOption('integer');
  await page.getByLabel('Value').fill('0.75');
  const response = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await response).status()).toBe(400);
  expect(await page.getByRole('alert').textContent()).toMatch(/digits only/);
  expect(await page.getByLabel('Value').inputValue()).toBe('0.75');
  expect(fieldsOf('usersData/alice')!['ratio']).toEqual({ doubleValue: 0.5 });
});

test('adds a map field, an array element and a map entry; deletes nested values and fields', async () => {
  await open('usersData/alice');
  const add = page.getByRole('form', { name: 'Add a field' });
  await add.getByLabel('Field name').fill('profile');
  await add.getByLabel('Type').selectOption('map');
  await add
    .getByLabel('Value')
    .fill('{"city": "Berlin", "visits": 3, "since": {"timestampValue": "2024-05-06T07:08:09Z"}}');
  await add.getByRole('button', { name: 'Add' }).click();
  expect(fieldsOf('usersData/alice')!['profile']).toEqual({
    mapValue: {
      fields: {
        city: { stringValue: 'Berlin' },
        visits: { integerValue: '3' },
        since: { timestampValue: '2024-05-06T07:08:09.000000Z' },
      },
    },
  });

  await page.getByRole('link', { name: 'Add an entry to tags' }).click();
  await page.getByLabel('Type').selectOption('geopoint');
  await page.getByLabel('Value').fill('1.5, -2');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('link', { name: 'Add an entry to userInfo.links' }).click();
  await page.getByLabel('Key').fill('blog');
  await page.getByLabel('Type').selectOption('reference');
  await page.getByLabel('Value').fill('usersData/alice');
  await page.getByRole('button', { name: 'Add' }).click();
  const after = fieldsOf('usersData/alice')!;
  expect(after['tags']).toEqual({
    arrayValue: {
      values: [
        { stringValue: 'a' },
        { integerValue: '7' },
        { doubleValue: 1.5 },
        { geoPointValue: { latitude: 1.5, longitude: -2 } },
      ],
    },
  });
  expect(
    (after['userInfo'] as { mapValue: { fields: Record<string, unknown> } }).mapValue.fields[
      'links'
    ],
  ).toEqual({
    mapValue: {
      fields: {
        site: { stringValue: 'https://example.test' },
        blog: { referenceValue: docPath('usersData/alice') },
      },
    },
  });

  await page.getByRole('button', { name: 'Delete tags.0', exact: true }).click();
  expect(await page.getByRole('status').textContent()).toBe('Deleted.');
  await page.getByRole('button', { name: 'Delete nothing', exact: true }).click();
  const final = fieldsOf('usersData/alice')!;
  expect(final['nothing']).toBeUndefined();
  expect((final['tags'] as { arrayValue: { values: unknown[] } }).arrayValue.values).toHaveLength(
    3,
  );
});

test('adds a collection and documents, deletes a document and a whole collection', async () => {
  await page.goto(`${base}firestore`);
  const add = page.getByRole('form', { name: 'Add a collection' }).first();
  await add.getByLabel('Collection id').fill('scores');
  await add.getByLabel('First document id').fill('s1');
  await add.getByRole('button', { name: 'Add collection' }).click();
  await page.getByRole('heading', { name: 'Document s1' }).waitFor();
  expect(fieldsOf('scores/s1')).toEqual({});

  await open('scores');
  await page.getByRole('button', { name: 'Add document' }).click();
  await page.getByRole('heading', { name: /^Document [A-Za-z0-9]{20}$/ }).waitFor();
  const randomName = decodeURIComponent(new URL(page.url()).searchParams.get('path')!);
  expect(stack.emulator.engine.getDocument(randomName)).not.toBeNull();
  await page.getByRole('button', { name: 'Delete document' }).click();
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Collection scores');
  expect(stack.emulator.engine.getDocument(randomName)).toBeNull();

  // A subcollection under s1, so deleting the collection takes what is below it too.
  await stack.emulator.browserSources.commit(database, [
    { update: { name: docPath('scores/s1/notes/n1'), fields: {} } },
  ]);
  // A collection whose documents only hold subcollections says so.
  await stack.emulator.browserSources.commit(database, [
    { update: { name: docPath('groups/g1/members/m1'), fields: {} } },
  ]);
  await page.goto(`${base}firestore`);
  const groups = page.locator('ul.collections li', { hasText: 'groups' });
  expect((await groups.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
    'groups (only subcollections)',
  );
  const scores = page.locator('ul.collections li', { hasText: 'scores' });
  expect((await scores.textContent())?.replace(/\s+/g, ' ').trim()).toBe('scores (1 document)');

  await open('scores');
  await page.getByRole('button', { name: 'Delete 2 documents' }).click();
  expect(await page.getByRole('status').textContent()).toBe('Deleted.');
  expect(stack.emulator.engine.documentNames(docPath('scores/'))).toEqual([]);
});

test('filters and sorts a collection, a page at a time', async () => {
  // 105 scores (admin commit), and one without the field.
  const writes = Array.from({ length: 105 }, (_, i) => ({
    update: {
      name: docPath(`scores/p${String(i).padStart(3, '0')}`),
      fields: {
        score: { integerValue: String(i) },
        tags: { arrayValue: { values: [{ stringValue: i % 2 === 0 ? 'even' : 'odd' }] } },
      },
    },
  }));
  await stack.emulator.browserSources.commit(database, [
    ...writes,
    { update: { name: docPath('scores/none'), fields: { other: { booleanValue: true } } } },
  ]);
  await open('scores');
  const filters = page.getByRole('form', { name: 'Filter and sort' });
  await filters.getByLabel('Field').first().fill('score');
  await filters.getByLabel('Operator').selectOption('>=');
  await filters.getByLabel('Type').selectOption('integer');
  await filters.getByLabel('Value').fill('100');
  await filters.getByRole('group', { name: 'Sort' }).getByLabel('Field').fill('score');
  await filters.getByLabel('Direction').selectOption('desc');
  await filters.getByRole('button', { name: 'Apply' }).click();
  const ids = () => page.locator('table.documents tbody tr td:first-child').allTextContents();
  expect((await ids()).map((t) => t.trim())).toEqual(['p104', 'p103', 'p102', 'p101', 'p100']);

  // Sorted alone: 105 with the field, 100 on the first page, the rest on the next.
  await open('scores', '&order=score');
  expect(await ids()).toHaveLength(100);
  expect((await ids())[0]!.trim()).toBe('p000');
  await page.getByRole('link', { name: 'Next 100' }).click();
  expect((await ids()).map((t) => t.trim())).toEqual(['p100', 'p101', 'p102', 'p103', 'p104']);
  await page.getByRole('link', { name: 'Previous 100' }).waitFor();

  // array-contains, and in with an array of integers.
  await open('scores', '&field=tags&op=array-contains&type=string&value=odd&order=score&dir=desc');
  expect((await ids())[0]!.trim()).toBe('p103');
  await open('scores', `&field=score&op=in&type=array&value=${encodeURIComponent('[3, 5, 8]')}`);
  expect((await ids()).map((t) => t.trim()).sort()).toEqual(['p003', 'p005', 'p008']);
  // A query Firestore refuses says why.
  await open('scores', '&field=score&op=in&type=array&value=%5B%5D');
  expect(await page.getByRole('alert').textContent()).toMatch(/Firestore refused this query/);
});

test('refuses a state change from another page, even one that knows the token', async () => {
  await open('usersData/alice');
  const token = await page.locator('input[name=csrf]').first().inputValue();
  const target = docPath('usersData/alice');
  // A page on another origin (another port of this machine: same site, not same origin).
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><form method="post" action="${base}firestore/document/delete">
      <input name="csrf" value="${token}"><input name="path" value="${target}"></form>
      <script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const attackerPage = await context.newPage();
  try {
    const refused = attackerPage.waitForResponse((r) =>
      r.url().endsWith('/firestore/document/delete'),
    );
    await attackerPage.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
    expect((await refused).status()).toBe(403);
    // Nor by fetch without CORS (the answer is opaque; the server still refuses).
    await attackerPage.evaluate(
      ([url, body]) =>
        fetch(url!, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }).then(
          () => 'sent',
          // The answer is also withheld by its Cross-Origin-Resource-Policy.
          () => 'blocked',
        ),
      [`${base}firestore/document/delete`, `csrf=${token}&path=${encodeURIComponent(target)}`],
    );
  } finally {
    await attackerPage.close();
    await new Promise((resolve) => attacker.close(resolve));
  }
  expect(stack.emulator.engine.getDocument(target)).not.toBeNull();

  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const body = `path=${encodeURIComponent(target)}`;
  expect(
    (await request('/firestore/document/delete', { method: 'POST', headers: form, body })).status,
  ).toBe(403);
  const crossSite = await request('/firestore/document/delete', {
    method: 'POST',
    headers: { ...form, 'Sec-Fetch-Site': 'cross-site' },
    body: `csrf=${token}&${body}`,
  });
  expect(crossSite.status).toBe(403);
  const rebound = await request('/firestore/document/delete', {
    method: 'POST',
    headers: { ...form, Host: `attacker.example:${new URL(base).port}` },
    body: `csrf=${token}&${body}`,
  });
  expect(rebound.status).toBe(421);
  expect(stack.emulator.engine.getDocument(target)).not.toBeNull();
  // Every page refuses to be framed and runs only the browser's own script.
  const pageHeaders = (await request('/firestore')).headers;
  expect(pageHeaders['x-frame-options']).toBe('DENY');
  expect(pageHeaders['content-security-policy']).toContain("script-src 'self'");
});

test('lists allowed and refused requests with the rule lines that decided each', async () => {
  await alice.run(async (fb) => {
    await fb.fs.updateDoc(fb.fs.doc(fb.db, 'usersData', 'alice'), { seenAt: 1 });
  });
  const writeLine = lineOf(FIRESTORE_RULES, 'allow write: if request.auth.uid == uid;');
  await page.goto(`${base}requests`);
  const filters = page.getByRole('form', { name: 'Filter requests' });
  await filters.getByLabel('Outcome').selectOption('allowed');
  await filters.getByLabel('Path contains').fill('usersData/alice');
  await filters.getByRole('button', { name: 'Show' }).click();
  const rows = page.locator('tr.request');
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await page.locator('tr.request.denied').count()).toBe(0);
  const update = page.locator('tr.request', { hasText: 'update' }).first();
  expect(await update.textContent()).toContain('alice');
  expect((await update.locator('.statements strong').textContent())?.trim()).toBe(
    `firestore.rules:${writeLine}`,
  );
  expect(await update.locator('.statements').textContent()).toContain('granted');
  expect((await update.locator('pre.rule').textContent())?.trim()).toBe(
    'allow write: if request.auth.uid == uid;',
  );

  await filters.getByLabel('Outcome').selectOption('denied');
  await filters.getByLabel('Path contains').fill('usersData/bob');
  await filters.getByRole('button', { name: 'Show' }).click();
  const refused = page.locator('tr.request.denied').first();
  expect(await refused.locator('td.outcome-denied').textContent()).toBe('denied');
  expect(await refused.locator('.statements').textContent()).toContain('false');
  expect(await page.locator('tr.request.allowed').count()).toBe(0);
});

test('reports rules coverage: lines run, allow and deny counts, exports and Google’s endpoints', async () => {
  // New rules start a new count.
  await stack.setFirestoreRules(FIRESTORE_RULES);
  const readLine = lineOf(FIRESTORE_RULES, 'allow read: if request.auth != null;');
  const writeLine = lineOf(FIRESTORE_RULES, 'allow write: if request.auth.uid == uid;');
  await alice.run(async (fb) => {
    const f = fb.fs;
    // A document no listener holds, so the read goes to the server.
    await f.getDoc(f.doc(fb.db, 'usersData', 'dave'));
    await f.setDoc(f.doc(fb.db, 'usersData', 'alice'), { bio: 'again' }, { merge: true });
    try {
      await f.setDoc(f.doc(fb.db, 'usersData', 'carol'), { bio: 'no' });
    } catch {
      // expected: PERMISSION_DENIED
    }
  });
  const signedOut = await stack.openClient();
  try {
    await signedOut.run(async (fb) => {
      try {
        await fb.fs.getDoc(fb.fs.doc(fb.db, 'usersData', 'alice'));
      } catch {
        // expected: PERMISSION_DENIED
      }
    });
  } finally {
    await signedOut.close();
  }

  await page.goto(`${base}coverage`);
  const firestore = page.locator('section.coverage-section').first();
  const line = (n: number) => firestore.locator('table.coverage tbody tr').nth(n - 1);
  // allowed, denied, ran
  const counts = async (n: number) =>
    (await line(n).locator('td.count').allTextContents()).map(Number);
  expect(await counts(readLine)).toEqual([1, 1, 2]);
  expect(await counts(writeLine)).toEqual([1, 1, 2]);
  const scoresLine = lineOf(FIRESTORE_RULES, 'allow read, write: if request.auth != null;');
  expect(await line(scoresLine).getAttribute('class')).toBe('not-run');
  // A line opens to what its expressions evaluated to.
  await line(writeLine).locator('summary').click();
  expect(await line(writeLine).locator('ul.values').textContent()).toContain('string "alice"');

  // The export and Google's endpoint answer the same report.
  const exported = await request('/coverage/export?service=firestore&format=json');
  expect(exported.headers['content-disposition']).toBe(
    'attachment; filename="firestore-rules-coverage.json"',
  );
  const report = JSON.parse(exported.body) as {
    rules: { files: Array<{ content: string }> };
    report: Array<{ sourcePosition: { line: number }; values: unknown[] }>;
  };
  expect(report.rules.files[0]!.content).toBe(FIRESTORE_RULES);
  expect(report.report.map((r) => r.sourcePosition.line)).toEqual([readLine, writeLine]);
  const google = await fetch(
    `${stack.firestoreUrl}/emulator/v1/projects/${stack.projectId}:ruleCoverage`,
  );
  expect(await google.json()).toEqual(report);
  const googlePage = await fetch(
    `${stack.firestoreUrl}/emulator/v1/projects/${stack.projectId}:ruleCoverage.html`,
  );
  expect(googlePage.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(await googlePage.text()).toContain('Rules coverage: firestore.rules');
  const fromPage = await fetch(
    `${stack.firestoreUrl}/emulator/v1/projects/${stack.projectId}:ruleCoverage`,
    { headers: { Origin: 'http://attacker.example' } },
  );
  expect(fromPage.status).toBe(403);
  const html = await request('/coverage/export?service=firestore&format=html');
  expect(html.headers['content-disposition']).toBe(
    'attachment; filename="firestore-rules-coverage.html"',
  );
  expect(html.body).toContain('<table class="coverage">');

  await firestore.getByRole('button', { name: 'Reset the Firestore coverage' }).click();
  expect(await page.getByRole('status').textContent()).toBe('The counts start again from now.');
  expect(await line(readLine).locator('td.count').allTextContents()).toEqual(['', '', '0']);
  expect(await line(readLine).getAttribute('class')).toBe('not-run');
});

test('counts reads, writes and deletes per collection since start and since a reset', async () => {
  const usageLine = async () =>
    ((await page.locator('p.usage').textContent()) ?? '').replace(/\s+/g, ' ');
  await alice.run(async (fb) => {
    const f = fb.fs;
    for (const id of ['c1', 'c2', 'c3']) await f.setDoc(f.doc(fb.db, 'counted', id), { n: 1 });
    await f.getDocs(f.collection(fb.db, 'counted'));
    await f.deleteDoc(f.doc(fb.db, 'counted', 'c3'));
  });
  await open('counted');
  expect(await usageLine()).toContain(': 3 reads, 3 writes, 1 delete.');
  await page.goto(`${base}firestore`);
  const row = page.locator('table.usage tr', { has: page.getByRole('link', { name: 'counted' }) });
  expect((await row.locator('td.count').allTextContents()).map(Number)).toEqual([3, 3, 1]);
  await page.getByRole('button', { name: 'Reset the counts' }).click();
  expect(await page.getByRole('status').textContent()).toBe('The counts start again from now.');
  await open('counted');
  expect(await usageLine()).toContain(': 0 reads, 0 writes, 0 deletes.');

  // A listener's first answer reads each document, and each change it is sent is one more read.
  await alice.run(async (fb) => {
    const f = fb.fs;
    fb.vars['counted'] = [];
    f.onSnapshot(f.collection(fb.db, 'counted'), (snap) =>
      (fb.vars['counted'] as number[][]).push(snap.docs.map((d) => d.data()['n'] as number)),
    );
  });
  await alice.waitFor((fb) => (fb.vars['counted'] as unknown[]).length > 0);
  await alice.run(async (fb) => {
    await fb.fs.setDoc(fb.fs.doc(fb.db, 'counted', 'c1'), { n: 2 });
  });
  await alice.waitFor((fb) =>
    (fb.vars['counted'] as number[][]).some((ns) => ns.includes(2) && ns.length === 2),
  );
  let line = '';
  for (let tries = 0; tries < 50 && !line.includes('3 reads'); tries++) {
    await open('counted');
    line = await usageLine();
  }
  expect(line).toContain(': 3 reads, 1 write, 0 deletes.');
});

test('every page fits a 390 px screen: long ids, values and rule lines wrap, wide tables scroll', async () => {
  const longId = `long-${'x'.repeat(60)}`;
  await stack.emulator.browserSources.commit(database, [
    {
      update: {
        name: docPath(`scores/${longId}`),
        fields: {
          url: { stringValue: `https://example.test/${'a'.repeat(300)}?token=${'b'.repeat(40)}` },
        },
      },
    },
  ]);
  const phone = await stack.browser.newPage({ viewport: { width: 390, height: 800 } });
  try {
    const paths = [
      '',
      'firestore',
      `firestore?path=${encodeURIComponent(docPath('scores'))}&order=url`,
      `firestore?path=${encodeURIComponent(docPath(`scores/${longId}`))}`,
      `firestore/value?path=${encodeURIComponent(docPath(`scores/${longId}`))}&at=${encodeURIComponent('["url"]')}`,
      'storage',
      'requests',
      'coverage',
      'sessions',
      'clear',
    ];
    for (const path of paths) {
      await phone.goto(`${base}${path}`);
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect([path, width]).toEqual([path, 390]);
    }
    // The fields table scrolls inside the page, its actions still reachable.
    await phone.goto(`${base}firestore?path=${encodeURIComponent(docPath(`scores/${longId}`))}`);
    const table = phone.locator('table.fields');
    expect(await table.evaluate((t) => t.scrollWidth >= t.clientWidth)).toBe(true);
    await phone.getByRole('link', { name: 'Edit url', exact: true }).click();
    expect(await phone.getByRole('heading', { level: 2 }).first().textContent()).toBe('Edit url');
  } finally {
    await phone.close();
  }
});
