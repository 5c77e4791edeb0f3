/**
 * Attack: text that shows nothing, over every code point Unicode does not count as visible. Both
 * engines must refuse it, and accept text with one visible character, whatever Unicode version
 * their regular expressions know (Google's: 6.0; the rules spell out what came since).
 *
 * Every format (Cf), separator (Z*), combining (M*), private-use (Co) and unassigned (Cn)
 * character by Node's Unicode, and the ones that once divided the engines, are sent as comments
 * of up to 1000 UTF-16 units. The rules ask for one visible character, so a refused comment
 * proves that none of its characters is visible to that engine: each alone is refused too.
 */
import { visibleByUnicode } from '../rules/visible-text';
import {
  aliceWithAPostAndMallory,
  expectAllowed,
  expectDenied,
  withAttackStack,
  type Write,
} from './attack-kit';

const kit = withAttackStack('demo-attack-invisible');

/** The characters that divided the engines, and those both took as visible, before the fix. */
const LISTED = [
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0x061c,
  ...range(0x13430, 0x1343f),
  ...range(0x1bca0, 0x1bca3),
  0x034f,
  ...range(0xfe00, 0xfe0f),
  ...range(0xe0100, 0xe01ef),
  0x180b,
  0x180c,
  0x180d,
  0x180f,
  0xffa0,
  0x3164,
  0x115f,
  0x1160,
  0x2800,
  0xe000,
  0xf0000,
  0x0378,
  0x10ffff,
];

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

const NOT_VISIBLE = /^[\p{Cf}\p{Z}\p{M}\p{Co}\p{Cn}]$/u;

/** Every code point of those categories (no surrogates: a string cannot hold them alone). */
function invisibleCodePoints(): number[] {
  const points = new Set(LISTED);
  for (let c = 0; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (NOT_VISIBLE.test(String.fromCodePoint(c))) points.add(c);
  }
  return [...points].sort((a, b) => a - b);
}

/** Texts of at most `units` UTF-16 units holding the code points in order. */
function texts(points: number[], units: number): string[] {
  const out: string[] = [];
  let text = '';
  for (const point of points) {
    const char = String.fromCodePoint(point);
    if (text.length + char.length > units) {
      out.push(text);
      text = '';
    }
    text += char;
  }
  if (text) out.push(text);
  return out;
}

let comments = 0;
function comment(text: string): Write {
  comments += 1;
  return {
    set: `comments/i${comments}`,
    data: { comment: text, replies: [], postId: 'a1', userId: 'mallory' },
    serverTime: ['createdAt'],
  };
}

async function inParallel<T>(items: T[], lanes: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

// Computed before the stack starts: each takes seconds of CPU on a busy machine, and a kept-alive
// connection left idle meanwhile is closed by the server while the blocked client still counts it
// as reusable (ECONNRESET on the next commit).
const INVISIBLE = invisibleCodePoints();
const ANY_VISIBLE = INVISIBLE.some((c) => visibleByUnicode(c));
const CHUNKS = texts(INVISIBLE, 1000);

beforeAll(async () => {
  expectAllowed(await kit().commit('admin', aliceWithAPostAndMallory()));
});

test('every format, separator, combining, private-use and unassigned character is blank', async () => {
  expect(INVISIBLE.length).toBeGreaterThan(900_000);
  expect(ANY_VISIBLE).toBe(false);
  const chunks = CHUNKS;
  // The same comment with one visible character is a valid comment: only the text is refused.
  expectAllowed(await kit().commit('mallory', [comment(`${chunks[0]!.slice(0, 990)}a`)]));
  const accepted: string[] = [];
  await inParallel(chunks, 4, async (chunk) => {
    const reply = await kit().commit('mallory', [comment(chunk)]);
    if (reply.status !== 403) {
      const first = chunk.codePointAt(0)!.toString(16);
      accepted.push(`U+${first}… (${reply.status})`);
    }
  });
  console.log(
    `invisible text: ${INVISIBLE.length} code points in ${chunks.length} comments, all refused`,
  );
  expect(accepted).toEqual([]);
}, 900_000);

test('the characters that divided the engines are blank alone, as names, captions and replies', async () => {
  for (const point of LISTED) {
    const text = String.fromCodePoint(point).repeat(2);
    expectDenied(
      await kit().commit('mallory', [
        {
          patch: 'usersData/mallory',
          data: { userInfo: { userName: text }, searchName: text },
          mask: ['userInfo.userName', 'searchName'],
        },
      ]),
    );
  }
  const mixed = LISTED.map((c) => String.fromCodePoint(c))
    .join('')
    .slice(0, 1000);
  expectDenied(await kit().commit('mallory', [comment(mixed)]));
  expectDenied(
    await kit().commit('mallory', [
      {
        set: 'posts/m1',
        data: {
          postImage: null,
          postCaption: mixed,
          uid: 'mallory',
          postId: 'm1',
          followers: ['mallory'],
          likes: [],
        },
        serverTime: ['createdAt'],
      },
    ]),
  );
});

test('one visible character of any Unicode version is visible: letters, digits, emoji', async () => {
  // Beside Latin, letters and emoji Unicode added after 6.0 (which Google's tables lack).
  const samples = ['a', 'É', '中', '٣', '😀', '🤔', '🥰', '🫠', '𞤀', '𖬀', 'Ꟁꟁ', '\u200bb\u200b'];
  for (const text of samples) {
    expectAllowed(await kit().commit('mallory', [comment(text)]));
  }
  expectAllowed(
    await kit().commit('mallory', [
      {
        patch: 'usersData/mallory',
        data: { userInfo: { userName: '🤔Ada' }, searchName: '🤔ada' },
        mask: ['userInfo.userName', 'searchName'],
      },
    ]),
  );
});
