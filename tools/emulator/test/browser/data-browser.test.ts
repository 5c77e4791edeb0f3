import type { BrowserContext, Page } from 'playwright-core';
import { startStack, type HarnessClient, type Stack } from '../harness';
import { rawRequest } from './raw-request';

// The data browser in real Chromium, over data a real SDK client wrote through the rules.
const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /usersData/{uid} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid;
      match /notes/{note} {
        allow read, write: if request.auth.uid == uid;
      }
    }
  }
}`;
const DENYING_LINE = 'allow write: if request.auth.uid == uid;';

const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{uid}/{rest=**} {
      allow read: if request.auth != null;
      allow write: if request.auth.uid == uid;
    }
  }
}`;

/** Text a hostile member could store: it must show as text, never become markup. */
const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>&amp;"'`;

let stack: Stack;
let alice: HarnessClient;
let context: BrowserContext;
let page: Page;
let base: string;

const request = (path: string, options?: Parameters<typeof rawRequest>[2]) =>
  rawRequest(base, path, options, 'latin1');

beforeAll(async () => {
  stack = await startStack({
    firestoreRules: FIRESTORE_RULES,
    storageRules: STORAGE_RULES,
    dataBrowserPort: 0,
  });
  base = stack.emulator.dataBrowserUrl!;
  alice = await stack.openClient({ uid: 'alice' });
  await alice.run(async (fb) => {
    const f = fb.fs;
    const hostile = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>&amp;"'`;
    await f.setDoc(f.doc(fb.db, 'usersData', 'alice'), {
      bio: hostile,
      age: 41,
      ratio: 0.5,
      admin: false,
      nothing: null,
      joined: f.Timestamp.fromMillis(Date.UTC(2024, 0, 2, 3, 4, 5)),
      tags: ['a', 7],
      userInfo: { userName: 'Alice', links: { site: 'https://example.test' } },
      home: new f.GeoPoint(52.5, 13.4),
      friend: f.doc(fb.db, 'usersData', 'bob'),
      blob: f.Bytes.fromUint8Array(new Uint8Array([1, 2, 3])),
    });
    await f.setDoc(f.doc(fb.db, 'usersData', 'alice', 'notes', 'n1'), { text: 'first note' });
    // A picture drawn by the page, uploaded as a real PNG file.
    const canvas = document.createElement('canvas');
    canvas.width = 4;
    canvas.height = 3;
    canvas.getContext('2d')!.fillRect(0, 0, 4, 3);
    const png = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    await fb.st.uploadBytes(fb.st.ref(fb.storage, 'alice/pfps/me.png'), png, {
      contentType: 'image/png',
    });
    const svg = new Blob([
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ]);
    await fb.st.uploadBytes(fb.st.ref(fb.storage, 'alice/posts/evil.svg'), svg, {
      contentType: 'image/svg+xml',
    });
    const page = new Blob(['<html><script>alert(1)</script></html>']);
    await fb.st.uploadBytes(
      fb.st.ref(fb.storage, `alice/posts/<img src=x onerror=alert(1)>.html`),
      page,
      {
        contentType: 'text/html',
      },
    );
    // A live Listen session, and a write the rules deny.
    fb.vars['unsubscribe'] = f.onSnapshot(f.doc(fb.db, 'usersData', 'alice'), () => undefined);
    try {
      await f.setDoc(f.doc(fb.db, 'usersData', 'bob'), { bio: 'not yours' });
    } catch {
      // expected: PERMISSION_DENIED
    }
  });
  context = await stack.browser.newContext();
  page = await context.newPage();
  // Fail with Playwright's message (what was awaited) well before jest's own timeout.
  page.setDefaultTimeout(10_000);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await alice?.close();
  await stack?.stop();
});

test('is off unless asked for, and binds loopback', async () => {
  expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  const plain = await startStack();
  try {
    expect(plain.emulator.dataBrowserUrl).toBeNull();
  } finally {
    await plain.stop();
  }
});

test('browses collections and documents with each value and its type', async () => {
  await page.goto(base);
  await page.getByRole('link', { name: 'Firestore', exact: true }).first().click();
  await page.locator('ul.collections').getByRole('link', { name: 'usersData' }).click();
  expect((await page.locator('ul.documents li').allTextContents()).map((t) => t.trim())).toEqual([
    'alice',
  ]);
  await page.getByRole('link', { name: 'alice' }).click();

  /** The `column` cell (type or value) of the fields table's first row for `field`. */
  const cellOf = (field: string, column: 'type' | 'value') =>
    page
      .locator('table.fields tr', {
        has: page.locator('td.field', { hasText: new RegExp(`^${field}$`) }),
      })
      .first()
      .locator(`td.${column}`);
  const typeOf = (field: string) => cellOf(field, 'type');
  const valueOf = (field: string) => cellOf(field, 'value');
  const expected: Array<[string, string, string]> = [
    ['age', 'integer', '41'],
    ['ratio', 'double', '0.5'],
    ['admin', 'boolean', 'false'],
    ['nothing', 'null', 'null'],
    ['joined', 'timestamp', '2024-01-02T03:04:05'],
    ['tags', 'array', '2 entries'],
    ['userInfo', 'map', '2 entries'],
    ['userName', 'string', 'Alice'],
    ['home', 'geopoint', '52.5, 13.4'],
    ['friend', 'reference', 'usersData/bob'],
    ['blob', 'bytes', 'AQID'],
  ];
  for (const [field, type, value] of expected) {
    expect(await typeOf(field).textContent()).toBe(type);
    expect(await valueOf(field).textContent()).toContain(value);
  }
  await page.getByRole('link', { name: 'notes' }).waitFor();
});

test('shows hostile text as text: no element or script comes from stored data', async () => {
  const name = `projects/${stack.projectId}/databases/(default)/documents/usersData/alice`;
  await page.goto(`${base}firestore?path=${encodeURIComponent(name)}`);
  const bio = page
    .locator('table.fields tr', { has: page.locator('td.field', { hasText: /^bio$/ }) })
    .locator('.string');
  expect(await bio.textContent()).toBe(HOSTILE);
  expect(await page.locator('main img, main script').count()).toBe(0);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test('browses Storage folders and previews an image served as an image', async () => {
  await page.goto(`${base}storage`);
  await page
    .getByRole('link', { name: /appspot\.com|demo-test/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'alice/' }).click();
  await page.getByRole('link', { name: 'pfps/' }).waitFor();
  await page.getByRole('link', { name: 'pfps/' }).click();
  await page.getByRole('link', { name: 'me.png' }).click();
  const preview = page.locator('img.preview');
  await preview.waitFor();
  expect(
    await preview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
  ).toBe(4);

  const src = (await preview.getAttribute('src'))!;
  const raw = await request(src);
  expect(raw.status).toBe(200);
  expect(raw.headers['content-type']).toBe('image/png');
  expect(raw.headers['x-content-type-options']).toBe('nosniff');
  expect(raw.body.startsWith('\x89PNG')).toBe(true);
});

test('never renders SVG or HTML files as documents, and escapes their names', async () => {
  await page.goto(base);
  const bucket = (await stack.emulator.browserSources.objects.all())[0]!.bucket;
  await page.goto(`${base}storage?bucket=${encodeURIComponent(bucket)}&prefix=alice%2Fposts%2F`);
  await page.getByRole('link', { name: '<img src=x onerror=alert(1)>.html' }).waitFor();
  expect(await page.locator('main img').count()).toBe(0);
  await page.getByRole('link', { name: 'evil.svg' }).click();
  expect(await page.locator('img.preview').count()).toBe(0);
  for (const name of ['alice/posts/evil.svg', 'alice/posts/<img src=x onerror=alert(1)>.html']) {
    const raw = await request(
      `/storage/raw?bucket=${encodeURIComponent(bucket)}&name=${encodeURIComponent(name)}`,
    );
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/octet-stream');
    expect(raw.headers['content-disposition']).toMatch(/^attachment;/);
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.headers['content-security-policy']).toContain('sandbox');
  }
});

test('shows the live Listen and Write sessions with their user and targets', async () => {
  // The denied write ended alice's Write stream; a new write opens another.
  await alice.run(async (fb) => {
    await fb.fs.updateDoc(fb.fs.doc(fb.db, 'usersData', 'alice'), { age: 42 });
  });
  await page.goto(`${base}sessions`);
  const listen = page.locator('table.sessions.Listen tr.session');
  await listen.filter({ hasText: 'alice' }).first().waitFor();
  await listen.filter({ hasText: 'usersData/alice' }).first().waitFor();
  await page
    .locator('table.sessions.Write tr.session')
    .filter({ hasText: 'alice' })
    .first()
    .waitFor();
});

test('lists the last rule denials with the rule line that denied them', async () => {
  // The old address of the denials view opens the requests view, refused ones only.
  await page.goto(`${base}denials`);
  expect(new URL(page.url()).search).toBe('?outcome=denied');
  const row = page.locator('tr.request.denied', { hasText: 'usersData/bob' }).first();
  await row.waitFor();
  expect(await row.textContent()).toContain('alice');
  expect(await row.textContent()).toContain('create');
  const line = FIRESTORE_RULES.split('\n').findIndex((l) => l.includes(DENYING_LINE)) + 1;
  expect((await row.locator('.statements strong').textContent())?.trim()).toBe(
    `firestore.rules:${line}`,
  );
  expect((await row.locator('pre.rule').textContent())?.trim()).toBe(DENYING_LINE);

  // A Storage denial: alice writing into bob's folder.
  await alice.run(async (fb) => {
    try {
      await fb.st.uploadBytes(fb.st.ref(fb.storage, 'bob/pfps/x.png'), new Blob(['x']));
    } catch {
      // expected: storage/unauthorized
    }
  });
  await page.reload();
  const storageRow = page.locator('tr.request.denied', { hasText: 'Storage' }).first();
  expect(await storageRow.textContent()).toContain('/o/bob/pfps/x.png');
  expect(await storageRow.locator('pre.rule').textContent()).toBe(
    'allow write: if request.auth.uid == uid;',
  );
});

test('the Auth page says how to name the Auth emulator when it is not known', async () => {
  await page.goto(`${base}auth`);
  expect(await page.getByRole('alert').textContent()).toContain('--auth-emulator host:port');
});

test('refuses other Host names (DNS rebinding), foreign pages, and state changes without its token', async () => {
  const port = new URL(base).port;
  const rebound = await request('/', { headers: { Host: `attacker.example:${port}` } });
  expect(rebound.status).toBe(421);
  expect((await request('/', { headers: { Host: `localhost:${port}` } })).status).toBe(200);
  // A page elsewhere on the web is refused before any route runs, and granted no CORS.
  for (const path of [
    '/',
    '/firestore',
    '/auth',
    '/requests',
    '/coverage/export?service=firestore',
  ]) {
    const foreign = await request(path, { headers: { Origin: 'http://attacker.example' } });
    expect([path, foreign.status]).toEqual([path, 403]);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  }
  expect((await request('/firestore', { headers: { Origin: 'null' } })).status).toBe(403);

  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const noToken = await request('/clear', { method: 'POST', headers: form, body: 'csrf=' });
  expect(noToken.status).toBe(403);
  const clearPage = await request('/clear');
  const token = /name="csrf" value="([^"]+)"/.exec(clearPage.body)![1]!;
  const crossSite = await request('/clear', {
    method: 'POST',
    headers: { ...form, Origin: 'http://attacker.example' },
    body: `csrf=${token}`,
  });
  expect(crossSite.status).toBe(403);
  expect((await request('/clear', { method: 'GET' })).status).toBe(200);
  expect(stack.emulator.engine.documentNames('projects/').length).toBeGreaterThan(0);
});

test('clears all data after a confirmation', async () => {
  await page.goto(base);
  await page.getByRole('link', { name: 'Clear data' }).click();
  expect(await page.locator('main').textContent()).toContain('It cannot be undone');
  expect(stack.emulator.engine.documentNames('projects/').length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Delete all data' }).click();
  expect((await page.getByRole('status').textContent())?.trim()).toBe('All data was deleted.');
  expect(await page.locator('main').textContent()).toContain('Firestore: 0 documents');
  expect(await page.locator('main').textContent()).toContain('Storage: 0 files');
  expect(stack.emulator.engine.documentNames('projects/')).toEqual([]);
  expect(stack.emulator.browserSources.objects.all()).toEqual([]);
});
