/* global window, document */ // page code runs in the browser
// Image figures: bytes of pictures on the first view of /explore (9 photo posts), the feed (3) and
// a profile; layout shift on those routes; time and CPU to process and upload one 4 MB phone
// photo. "Before" is what the product did before it reduced pictures in the browser: the chosen
// file uploaded as it is and shown everywhere; "after" is the browser pipeline, driven through the
// real composer.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { signIn, median } from './browser.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { commit, createMember } from './seed.mjs';

/** Lighthouse's mobile screen: the byte and layout figures use the same. */
export const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
const PHOTO_POSTS = 9;

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** CPU seconds (user + system) of the Chromium processes: the browser's pid and its descendants. */
function cpuSecondsOf(rootPid) {
  const ticks = Number(process.env.CLK_TCK ?? 100);
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        cpu: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const walk = (pid) => {
    const stat = stats.get(pid);
    if (!stat) return;
    total += stat.cpu;
    for (const [child, { ppid }] of stats) if (ppid === pid) walk(child);
  };
  walk(rootPid);
  return total / ticks;
}

/** The Chromium browser process this bench started: a child of this Node process. */
function chromiumPid() {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && /chrom/.test(cmd) && !cmd.includes('--type='))
        return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error('the bench’s Chromium process was not found');
}

/** Uploads bytes as `path` with the owner token and returns a download URL with its token. */
async function uploadAsIs(stack, path, bytes) {
  const bucket = stack.storageBucket;
  const response = await fetch(
    `${stack.storageUrl}/v0/b/${bucket}/o?name=${encodeURIComponent(path)}&uploadType=media`,
    {
      method: 'POST',
      headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/jpeg' },
      body: bytes,
    },
  );
  if (!response.ok) throw new Error(`upload failed: ${await response.text()}`);
  const meta = await response.json();
  const token = String(meta.downloadTokens).split(',')[0];
  return `${stack.storageUrl}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

/** The product before the browser pipeline: 9 photo posts whose postImage is the 4 MB original. */
async function seedOriginalPhotos(stack, commit, member, photo) {
  for (let n = 0; n < PHOTO_POSTS; n += 1) {
    const postId = randomUUID().replace(/-/g, '').slice(0, 20);
    const url = await uploadAsIs(stack, `${member.uid}/posts/${Date.now()}-${postId}.jpg`, photo);
    await commit(stack, [
      {
        path: `posts/${postId}`,
        data: {
          postImage: url,
          postCaption: `Original ${n + 1}`,
          uid: member.uid,
          postId,
          followers: [member.uid],
          likes: [],
        },
        serverTime: ['createdAt'],
      },
      {
        path: `explorePosts/${postId}`,
        data: { postImage: url, uid: member.uid, postId },
        serverTime: ['createdAt'],
      },
    ]);
  }
}

const LAYOUT_SHIFT_SCRIPT = () => {
  window.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Waits until no picture has been requested or finished for `quietMs` and the visible ones are complete. */
async function settleImages(page, pending, quietMs = 1500) {
  const started = Date.now();
  for (;;) {
    const quiet = Date.now() - pending.lastChange > quietMs && pending.inFlight === 0;
    const complete = await page.evaluate(() =>
      [...document.images].every((img) => img.complete || img.loading === 'lazy'),
    );
    if ((quiet && complete) || Date.now() - started > 60_000) return;
    await page.waitForTimeout(250);
  }
}

/** Picture bytes and layout shift of the first view of each route, cold cache, signed in. */
async function measureRoutes(browser, stack, member) {
  const context = await browser.newContext(MOBILE);
  await context.addInitScript(LAYOUT_SHIFT_SCRIPT);
  const page = await context.newPage();
  await signIn(page, stack.shellUrl, member);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  const pending = { inFlight: 0, lastChange: Date.now(), bytes: 0, count: 0 };
  cdp.on('Network.requestWillBeSent', ({ requestId, type }) => {
    if (type !== 'Image') return;
    requests.set(requestId, true);
    pending.inFlight += 1;
    pending.lastChange = Date.now();
  });
  const done = (requestId, bytes) => {
    if (!requests.delete(requestId)) return;
    pending.inFlight -= 1;
    pending.lastChange = Date.now();
    pending.bytes += bytes;
    pending.count += 1;
  };
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
    done(requestId, encodedDataLength),
  );
  cdp.on('Network.loadingFailed', ({ requestId }) => done(requestId, 0));
  const routes = [
    {
      name: '/explore',
      path: '/explore',
      ready: (p) => p.getByRole('list', { name: 'Photo posts' }),
    },
    { name: '/ (feed)', path: '/', ready: (p) => p.getByRole('article', { name: 'Post' }).first() },
    {
      name: '/profile/:uid',
      path: `/profile/${member.uid}`,
      ready: (p) => p.getByRole('article', { name: 'Post' }).first(),
    },
  ];
  const results = [];
  for (const route of routes) {
    await page.goto('about:blank');
    pending.bytes = 0;
    pending.count = 0;
    await page.goto(`${stack.shellUrl}${route.path}`);
    await route.ready(page).waitFor({ timeout: 60_000 });
    await settleImages(page, pending);
    const cls = await page.evaluate(() => window.__cls);
    results.push({
      route: route.name,
      images: pending.count,
      kb: kb(pending.bytes),
      cls: Math.round(cls * 1000) / 1000,
    });
  }
  await context.close();
  return results;
}

/** Time and Chromium CPU of one post with the photo through the real composer (the pipeline). */
async function postThroughComposer(page, photo, pid) {
  await page
    .getByLabel('Photos', { exact: true })
    .setInputFiles({ name: 'IMG_4000.jpg', mimeType: 'image/jpeg', buffer: photo });
  const cpuBefore = cpuSecondsOf(pid);
  const started = Date.now();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByText('Post has been made successfully').waitFor({ timeout: 180_000 });
  const ms = Date.now() - started;
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  await page
    .getByText('Post has been made successfully')
    .waitFor({ state: 'detached', timeout: 10_000 });
  return { ms, cpu };
}

/**
 * Time and Chromium CPU of what the product did before: the chosen file uploaded as it is, from
 * the page. storage.rules now refuse a 4 MB picture (2 MiB stored at most), so the upload goes
 * with the emulator's owner token: the same bytes over the same path, without the rules' refusal.
 */
async function uploadOriginalFromPage(page, stack, photo, pid) {
  const cpuBefore = cpuSecondsOf(pid);
  const started = Date.now();
  await page.evaluate(
    async ({ base64, storageUrl, bucket }) => {
      const { uid } = JSON.parse(localStorage.getItem('TOKEN'));
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const file = new File([bytes], 'IMG_4000.jpg', { type: 'image/jpeg' });
      const name = `${uid}/posts/${Date.now()}-original.jpg`;
      const response = await fetch(
        `${storageUrl}/v0/b/${bucket}/o?name=${encodeURIComponent(name)}`,
        {
          method: 'POST',
          headers: { Authorization: 'Firebase owner', 'Content-Type': 'image/jpeg' },
          body: file,
        },
      );
      if (!response.ok) throw new Error(await response.text());
    },
    { base64: photo.toString('base64'), storageUrl: stack.storageUrl, bucket: stack.storageBucket },
  );
  return { ms: Date.now() - started, cpu: cpuSecondsOf(pid) - cpuBefore };
}

/**
 * Clears every document (the emulator's reset endpoint, as firebase-tools' emulators have), so
 * the second scene's explore grid holds only its own 9 posts: with the first scene's posts left
 * in, a tall screen's grid also loaded their 4 MB originals on its next page.
 */
async function clearDocuments(stack) {
  const response = await fetch(
    `${stack.firestoreUrl}/emulator/v1/projects/${stack.projectId}/databases/(default)/documents`,
    { method: 'DELETE', headers: { Authorization: 'Bearer owner' } },
  );
  if (!response.ok) throw new Error(`clearing documents failed: ${await response.text()}`);
}

/**
 * Every image figure, in two scenes on one backend. Before: a member with 9 original photos
 * seeded as the old product stored them. After (documents cleared first): a member who posts 9
 * phone photos through the composer.
 */
export async function measureImages(browser, stack, log, { lighthouse = async () => null } = {}) {
  log('making the 4000×3000 phone photo…');
  const photo = phonePhoto();
  const before = await createMember(stack, 'Before Photos');
  await seedOriginalPhotos(stack, commit, before, photo);
  log('picture bytes before…');
  const routesBefore = await measureRoutes(browser, stack, before);
  const lighthouseBefore = await lighthouse(before);

  await clearDocuments(stack);
  const after = await createMember(stack, 'After Photos');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, stack.shellUrl, after);
  const pid = chromiumPid();
  log('posting 9 phone photos through the composer…');
  const pipeline = [];
  for (let n = 0; n < PHOTO_POSTS; n += 1)
    pipeline.push(await postThroughComposer(page, photo, pid));
  const original = [];
  for (let n = 0; n < 3; n += 1)
    original.push(await uploadOriginalFromPage(page, stack, photo, pid));
  await context.close();
  log('picture bytes after…');
  const routesAfter = await measureRoutes(browser, stack, after);
  const lighthouseAfter = await lighthouse(after);
  return {
    lighthouseBefore,
    lighthouseAfter,
    photoKb: kb(photo.length),
    routesBefore,
    routesAfter,
    upload: {
      before: {
        ms: median(original.map((r) => r.ms)),
        cpu: median(original.map((r) => r.cpu)),
        runs: original.length,
      },
      after: {
        ms: median(pipeline.map((r) => r.ms)),
        cpu: median(pipeline.map((r) => r.cpu)),
        runs: pipeline.length,
      },
    },
  };
}
