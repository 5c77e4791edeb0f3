/**
 * Attack: a web page the developer visits while the local backend runs. It can send the emulators
 * any request a browser lets it send: CORS-simple posts and form posts without asking, anything
 * else after a preflight; and by DNS rebinding (its own name resolved to 127.0.0.1) requests
 * that are same-origin for it, with its own name in `Host`. It tries to replace the rules, read
 * everything as the admin (`owner`), wipe Firestore and Storage, and write as the admin through
 * WebChannel form posts carrying the owner token in the body's `headers` field.
 *
 * This emulator refuses all of it (common/request-gate.ts). Against Google's Firestore emulator
 * (the google config) the Firestore requests are accepted, which this file asserts too: that is
 * a deliberate difference (README "Who may call"). Storage is this emulator's in both configs.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS, idToken } from '../harness';
import { expectAllowed, expectDenied, member, withAttackStack } from './attack-kit';

const PROJECT = 'demo-attack-pages';
const kit = withAttackStack(PROJECT);
const googleFirestore = Boolean(process.env['FIRESTORE_EMULATOR_HOST']);

const DATABASE = `projects/${PROJECT}/databases/(default)`;
const ATTACKER = 'https://attacker.example';
const REBOUND = 'rebind.attacker.example';
const ALLOW_ALL_FIRESTORE = `rules_version = '2';
service cloud.firestore { match /databases/{d}/documents { match /{doc=**} { allow read, write: if true; } } }`;
const ALLOW_ALL_STORAGE = `rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{file=**} { allow read, write: if true; } } }`;
const PICTURE = 'alice/posts/kept.png';
const productRules = (file: string) =>
  fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', file), 'utf8');

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request on its own connection, with exactly the headers given (Host included). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const portOf = (url: string) => Number(new URL(url).port);
const firestoreUrl = () => kit().stack.firestoreUrl;
const storageUrl = () => kit().stack.storageUrl;
const bucket = `${PROJECT}.appspot.com`;

/** Where the attacking request comes from: the headers its browser sends. */
interface Source {
  id: string;
  name: string;
  /** The status this emulator refuses it with. */
  refusal: 403 | 421;
  headers(serverUrl: string): Record<string, string>;
}

const SOURCES: Source[] = [
  { id: 'origin', name: 'a foreign origin', refusal: 403, headers: () => ({ Origin: ATTACKER }) },
  {
    // A rebound page is same-origin with its own name: posts carry that Origin, reads none.
    id: 'rebound',
    name: `Host: ${REBOUND} (DNS rebinding)`,
    refusal: 421,
    headers: (url) => ({
      Host: `${REBOUND}:${portOf(url)}`,
      Origin: `http://${REBOUND}:${portOf(url)}`,
    }),
  },
  {
    id: 'rebound-no-origin',
    name: `Host: ${REBOUND} with no Origin`,
    refusal: 421,
    headers: (url) => ({ Host: `${REBOUND}:${portOf(url)}` }),
  },
];

function rulesBody(content: string): string {
  return JSON.stringify({ rules: { files: [{ name: 'attack.rules', content }] } });
}

/** The refusal: the status, no document or admin answer in the body, and no CORS grant. */
function expectRefused(reply: Reply, status: number): void {
  expect({
    status: reply.status,
    allowOrigin: reply.headers['access-control-allow-origin'],
    privateNetwork: reply.headers['access-control-allow-private-network'],
    leaked: /"fields"|"documents"|"items"/.test(reply.text),
  }).toEqual({ status, allowOrigin: undefined, privateNetwork: undefined, leaked: false });
}

/** Google's emulator answers the attacker (and echoes its origin to it). */
function expectAccepted(reply: Reply): void {
  expect(reply.status).toBe(200);
}

/**
 * A WebChannel Write session opened by a form post: the owner token in the body's `headers`
 * field, the first message in the same body, then one write in a second form post. Resolves with
 * the handshake's status and, when the handshake was answered, the write's.
 */
async function webChannelWrite(
  headers: Record<string, string>,
  documentPath: string,
): Promise<{ handshake: number; write: number | null }> {
  const channel = `${firestoreUrl()}/google.firestore.v1.Firestore/Write/channel`;
  const form = { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' };
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ VER: '8', database: DATABASE, t: '1', ...extra }).toString();
  const message = (ofs: number, body: unknown) =>
    `count=1&ofs=${ofs}&req0___data__=${encodeURIComponent(JSON.stringify(body))}`;
  const handshake = await send(`${channel}?${query({ RID: '1', CVER: '22' })}`, {
    method: 'POST',
    headers: form,
    body: `headers=${encodeURIComponent('Authorization:Bearer owner\r\n')}&${message(0, { database: DATABASE })}`,
  });
  const sid = /"c","([^"]+)"/.exec(handshake.text)?.[1];
  if (handshake.status !== 200 || !sid) return { handshake: handshake.status, write: null };
  // The Write stream's answer to its first message (the stream token) comes on a backchannel.
  const backchannel = await send(
    `${channel}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '1', TYPE: 'xmlhttp' })}`,
    { headers },
  );
  const streamToken = /"streamToken":"([^"]+)"/.exec(handshake.text + backchannel.text)?.[1];
  const write = await send(`${channel}?${query({ SID: sid, RID: '2', AID: '1' })}`, {
    method: 'POST',
    headers: form,
    body: message(1, {
      streamToken,
      writes: [
        {
          update: {
            name: `${DATABASE}/documents/${documentPath}`,
            fields: { by: { stringValue: 'attacker' } },
          },
        },
      ],
    }),
  });
  // The commit is acknowledged on the backchannel; give it a moment to land.
  await send(`${channel}?${query({ RID: 'rpc', SID: sid, AID: '1', CI: '1', TYPE: 'xmlhttp' })}`, {
    headers,
  }).catch(() => undefined);
  await send(`${channel}?${query({ SID: sid, RID: '3', TYPE: 'terminate' })}`, {
    method: 'POST',
    headers: form,
  }).catch(() => undefined);
  return { handshake: handshake.status, write: write.status };
}

async function upload(as: string, path: string, contentType: string): Promise<number> {
  const response = await fetch(
    `${storageUrl()}/v0/b/${bucket}/o?name=${encodeURIComponent(path)}`,
    {
      method: 'POST',
      headers: { Authorization: `Firebase ${idToken(as, PROJECT)}`, 'Content-Type': contentType },
      body: 'png bytes',
    },
  );
  return response.status;
}

/** The file is still there (an admin read from a tool on this machine). */
async function pictureKept(): Promise<boolean> {
  const response = await fetch(`${storageUrl()}/v0/b/${bucket}/o/${encodeURIComponent(PICTURE)}`, {
    headers: { Authorization: 'Firebase owner' },
  });
  return response.status === 200;
}

/** The product's rules are still in force: mallory may not rename alice, nor upload as her. */
async function productRulesInForce(): Promise<void> {
  expectDenied(await kit().commit('mallory', member('alice', 'Hacked').slice(0, 1)));
  expect(await upload('mallory', 'alice/posts/x.png', 'image/png')).toBe(403);
}

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', [...member('alice'), ...member('mallory')]));
  expect(await upload('alice', PICTURE, 'image/png')).toBe(200);
});

describe.each(SOURCES)('from $name', (source) => {
  const refuses = (service: 'firestore' | 'storage') => service === 'storage' || !googleFirestore;

  test('rules replaced with allow-all through PUT …:securityRules and PUT /internal/setRules', async () => {
    const firestore = await send(
      `${firestoreUrl()}/emulator/v1/projects/${PROJECT}:securityRules`,
      {
        method: 'PUT',
        headers: { ...source.headers(firestoreUrl()), 'Content-Type': 'text/plain' },
        body: rulesBody(ALLOW_ALL_FIRESTORE),
      },
    );
    const storage = await send(`${storageUrl()}/internal/setRules`, {
      method: 'PUT',
      headers: { ...source.headers(storageUrl()), 'Content-Type': 'text/plain' },
      body: rulesBody(ALLOW_ALL_STORAGE),
    });
    expectRefused(storage, source.refusal);
    if (refuses('firestore')) expectRefused(firestore, source.refusal);
    else {
      expectAccepted(firestore);
      await kit().stack.setFirestoreRules(productRules('firestore.rules'));
    }
    await productRulesInForce();
  });

  test('every document read with Bearer owner, every file listed with Firebase owner', async () => {
    const read = await send(`${firestoreUrl()}/v1/${DATABASE}/documents/usersData/alice`, {
      headers: { ...source.headers(firestoreUrl()), Authorization: 'Bearer owner' },
    });
    const list = await send(`${storageUrl()}/v0/b/${bucket}/o?prefix=alice/`, {
      headers: { ...source.headers(storageUrl()), Authorization: 'Firebase owner' },
    });
    expectRefused(list, source.refusal);
    if (refuses('firestore')) expectRefused(read, source.refusal);
    else expect(read.text).toContain('"fields"');
  });

  test('Firestore wiped with DELETE /emulator/v1/…/documents', async () => {
    const wipe = await send(`${firestoreUrl()}/emulator/v1/${DATABASE}/documents`, {
      method: 'DELETE',
      headers: source.headers(firestoreUrl()),
    });
    if (refuses('firestore')) {
      expectRefused(wipe, source.refusal);
      expect(await kit().read('usersData/alice')).not.toBeNull();
    } else {
      expectAccepted(wipe);
      expect(await kit().read('usersData/alice')).toBeNull();
      expectAllowed(await kit().commit('admin', [...member('alice'), ...member('mallory')]));
    }
  });

  test('Storage wiped with one CORS-simple POST /internal/reset', async () => {
    const wipe = await send(`${storageUrl()}/internal/reset`, {
      method: 'POST',
      headers: { ...source.headers(storageUrl()), 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expectRefused(wipe, source.refusal);
    expect(await pictureKept()).toBe(true);
  });

  test('an admin write through WebChannel form posts, the owner token in the body', async () => {
    const target = `attacks/${source.id}`;
    const outcome = await webChannelWrite(source.headers(firestoreUrl()), target);
    if (refuses('firestore')) {
      expect(outcome).toEqual({ handshake: source.refusal, write: null });
      expect(await kit().read(target)).toBeNull();
    } else {
      expect(outcome).toEqual({ handshake: 200, write: 200 });
      expect(await kit().read(target)).toEqual({ by: { stringValue: 'attacker' } });
    }
  });

  test('a Private Network Access preflight is answered without a grant', async () => {
    for (const url of [
      `${firestoreUrl()}/emulator/v1/projects/${PROJECT}:securityRules`,
      `${storageUrl()}/internal/reset`,
    ]) {
      const preflight = await send(url, {
        method: 'OPTIONS',
        headers: {
          ...source.headers(url),
          Origin: source.headers(url)['Origin'] ?? ATTACKER,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization, content-type',
          'Access-Control-Request-Private-Network': 'true',
        },
      });
      if (url.startsWith(storageUrl()) || refuses('firestore')) {
        expectRefused(preflight, source.refusal);
      } else {
        // Google's grants it, Private Network Access included.
        expect(preflight.headers['access-control-allow-private-network']).toBe('true');
      }
    }
  });
});

describe('the admin token counts only in a request header', () => {
  // Google's emulator takes the admin token from the body and from anywhere (asserted by the
  // WebChannel attack above): these pin this emulator's stricter reading only.
  const ownEmulator = googleFirestore ? test.skip : test;

  ownEmulator(
    'owner in the WebChannel body, from a page of this machine, is no admin',
    async () => {
      const outcome = await webChannelWrite({ Origin: 'http://localhost:5173' }, 'attacks/body');
      expect(outcome).toEqual({ handshake: 200, write: 200 });
      // Taken as signed out, so the product's rules refused the write.
      expect(await kit().read('attacks/body')).toBeNull();
    },
  );

  ownEmulator('owner in a query parameter is no admin', async () => {
    for (const parameter of ['access_token=owner', 'token=owner', 'auth=owner']) {
      const read = await send(
        `${firestoreUrl()}/v1/${DATABASE}/documents/usersData/alice?${parameter}`,
      );
      expect({ parameter, status: read.status }).toEqual({ parameter, status: 403 });
    }
  });
});

describe('the legitimate callers still work', () => {
  test('tools on this machine (no Origin): admin reads and writes, rules, clear', async () => {
    const read = await send(`${firestoreUrl()}/v1/${DATABASE}/documents/usersData/alice`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(read.status).toBe(200);
    expectAllowed(await kit().commit('admin', [{ set: 'attacks/tool', data: { ok: true } }]));
    const storageRules = await send(`${storageUrl()}/internal/setRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: rulesBody(ALLOW_ALL_STORAGE),
    });
    expect(storageRules.status).toBe(200);
    await kit().stack.setStorageRules(productRules('storage.rules'));
    // Another project, so this file's data stays.
    const clear = await send(
      `${firestoreUrl()}/emulator/v1/projects/demo-attack-pages-other/databases/(default)/documents`,
      { method: 'DELETE' },
    );
    expect(clear.status).toBe(200);
  });

  test.each(['http://localhost:5173', 'http://127.0.0.1:4000', 'http://[::1]:3000'])(
    'a page at %s: member writes and reads with CORS, preflights without Private Network Access',
    async (origin) => {
      const token = idToken('alice', PROJECT);
      const preflight = await send(`${firestoreUrl()}/v1/${DATABASE}/documents:commit`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      const read = await send(`${firestoreUrl()}/v1/${DATABASE}/documents/usersData/alice`, {
        headers: { Origin: origin, Authorization: `Bearer ${token}` },
      });
      expect(read.status).toBe(200);
      expect(read.headers['access-control-allow-origin']).toBe(origin);
      const storagePreflight = await send(`${storageUrl()}/v0/b/${bucket}/o?name=x`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Private-Network': 'true',
        },
      });
      expect({
        status: storagePreflight.status,
        allowOrigin: storagePreflight.headers['access-control-allow-origin'],
        privateNetwork: storagePreflight.headers['access-control-allow-private-network'],
      }).toEqual({ status: 204, allowOrigin: origin, privateNetwork: undefined });
    },
  );

  test.each(['localhost', '127.0.0.1', '[::1]'])(
    'Host: %s with the port is served',
    async (name) => {
      for (const url of [firestoreUrl(), storageUrl()]) {
        const reply = await send(`${url}/`, { headers: { Host: `${name}:${portOf(url)}` } });
        expect({ url, status: reply.status }).toEqual({ url, status: 200 });
      }
      const wrongPort = await send(`${storageUrl()}/`, {
        headers: { Host: `${name}:${portOf(storageUrl()) + 1}` },
      });
      expect(wrongPort.status).toBe(421);
    },
  );

  test('the SDK in the browser: a member and an admin client', async () => {
    const alice = await kit().stack.openClient({ uid: 'alice' });
    const admin = await kit().stack.openClient({ admin: true });
    try {
      const name = await alice.run(async (fb) => {
        const f = fb.fs;
        const profile = await f.getDoc(f.doc(fb.db, 'usersData', 'alice'));
        return profile.data()!['userInfo'].userName as string;
      });
      expect(name).toBe('alice');
      const seenByAdmin = await admin.run(async (fb) => {
        const f = fb.fs;
        await f.setDoc(f.doc(fb.db, 'attacks', 'browser-admin'), { ok: true });
        return (await f.getDocs(f.collection(fb.db, 'attacks'))).docs.map((d) => d.id).sort();
      });
      expect(seenByAdmin).toEqual(expect.arrayContaining(['browser-admin', 'tool']));
    } finally {
      await alice.close();
      await admin.close();
    }
  });
});

describe('in Chromium, a page on a foreign origin', () => {
  // Its own page server on a name Chromium resolves to this machine: a real browser's own CORS,
  // form and no-cors behaviour, not hand-made requests.
  let pageServer: http.Server;
  let pageUrl = '';
  beforeAll(async () => {
    pageServer = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>attacker</title>');
    });
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://attacker.example:${(pageServer.address() as { port: number }).port}/`;
  });
  afterAll(() => new Promise((resolve) => pageServer.close(resolve)));

  test('cannot wipe Storage, write as admin or read as owner', async () => {
    const browser = await chromium.launch({
      ...CHROMIUM_LAUNCH_OPTIONS,
      args: [
        ...CHROMIUM_LAUNCH_OPTIONS.args,
        '--host-resolver-rules=MAP attacker.example 127.0.0.1',
      ],
    });
    try {
      const page = await browser.newPage();
      await page.goto(pageUrl);
      const outcome = await page.evaluate(
        async ({ firestore, storage, database }) => {
          const result: Record<string, string> = {};
          // CORS-simple: the browser sends it without asking; the page cannot read the answer.
          await fetch(`${storage}/internal/reset`, { method: 'POST', mode: 'no-cors', body: 'x' });
          // The owner token in a real header needs a preflight.
          result['ownerRead'] = await fetch(
            `${firestore}/v1/${database}/documents/usersData/alice`,
            { headers: { Authorization: 'Bearer owner' } },
          ).then(
            (r) => `read ${r.status}`,
            () => 'blocked',
          );
          // The WebChannel handshake as a form post: owner in the body's headers field.
          const body = new URLSearchParams({
            headers: 'Authorization:Bearer owner\r\n',
            count: '1',
            ofs: '0',
            req0___data__: JSON.stringify({ database }),
          });
          await fetch(
            `${firestore}/google.firestore.v1.Firestore/Write/channel?VER=8&RID=1&CVER=22&t=1&database=${encodeURIComponent(database)}`,
            { method: 'POST', mode: 'no-cors', body },
          );
          return result;
        },
        { firestore: firestoreUrl(), storage: storageUrl(), database: DATABASE },
      );
      if (!googleFirestore) expect(outcome['ownerRead']).toBe('blocked');
      expect(await pictureKept()).toBe(true);
    } finally {
      await browser.close();
    }
  });
});

test('after every attack: the data and the product’s rules are in place', async () => {
  expect(await kit().read('usersData/alice')).not.toBeNull();
  expect(await pictureKept()).toBe(true);
  await productRulesInForce();
  // And a tool's reset still works.
  expect((await send(`${storageUrl()}/internal/reset`, { method: 'POST' })).status).toBe(200);
  expect(await pictureKept()).toBe(false);
});
