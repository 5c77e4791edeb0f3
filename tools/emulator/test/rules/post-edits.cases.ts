/**
 * The post-edit statements of firestore.rules (docs/DATA_MODEL.md "Editing a post"), registered
 * into the product suite so its coverage check sees them. alice edits her own posts; bob is the
 * other member. Every post here is seeded by the admin with a known creation time (the history
 * entry must name it), under ids of its own (`ed-…`), so the cases may run anywhere in the suite.
 */
import { PHOTO_ALT_MAX_LENGTH } from 'mfe-feed/src/data/photoAlt';
import { clientTime, deleteField, serverTime, type Data, type Op, type Write } from './sdk-ops';
import type { RulesSuite } from './sdk-suite';

const EDIT = '/posts/{editedPost} update';
const EXPLORE_EDIT = '/explorePosts/{editedPost} update';
const HISTORY = '/posts/{editedPost}/edits/{editId}';

/** When the seeded posts were made, and when `ed-again` was edited before. */
const T0 = Date.UTC(2026, 0, 1, 9);
const T1 = T0 + 3_600_000;
const IMAGE =
  'http://127.0.0.1:9199/v0/b/demo.appspot.com/o/alice%2Fposts%2Fe.jpg?alt=media&token=t';
const ALT = 'A red kite above the dunes';

const x = (n: number) => 'x'.repeat(n);
const batch = (...writes: Write[]): Op => ({ batch: writes });

const textPost = (id: string, uid = 'alice', fields: Data = {}): Data => ({
  postImage: null,
  postCaption: 'Hello',
  uid,
  postId: id,
  followers: [uid],
  likes: [],
  createdAt: clientTime(T0),
  ...fields,
});
const photoPost = (id: string, fields: Data = {}): Data =>
  textPost(id, 'alice', { postImage: IMAGE, postCaption: null, postImageAlt: ALT, ...fields });
const exploreEntry = (id: string, fields: Data = {}): Data => ({
  postImage: IMAGE,
  uid: 'alice',
  postId: id,
  createdAt: clientTime(T0),
  postImageAlt: ALT,
  ...fields,
});

interface EditOptions {
  /** The post's fields the edit sets (beside editedAt and editCount). */
  changes: Data;
  /** The history entry's fields over the honest ones. */
  entry?: Data;
  /** What the post held before: the entry's honest values. */
  before?: { postCaption: string | null; postImageAlt: string | null; versionAt: number };
  editCount?: number;
  entryId?: string;
  /** The explore entry's update, when the edit changes a photo's description. */
  explore?: Data;
  /** Keys left out of the history entry. */
  omit?: string[];
  /** Put the history entry (then the explore entry) before the post: a denial names it. */
  entryFirst?: boolean;
  exploreFirst?: boolean;
}

/** The app's edit: the post, the replaced version in its history, the explore entry's copy. */
function edit(postId: string, options: EditOptions): Op {
  const before = options.before ?? { postCaption: 'Hello', postImageAlt: null, versionAt: T0 };
  const count = options.editCount ?? 1;
  const post: Write = {
    update: `posts/${postId}`,
    data: { editedAt: serverTime(), editCount: count, ...options.changes },
  };
  const entry: Write = {
    set: `posts/${postId}/edits/${options.entryId ?? String(count - 1)}`,
    data: {
      uid: 'alice',
      postCaption: before.postCaption,
      postImageAlt: before.postImageAlt,
      versionAt: clientTime(before.versionAt),
      replacedAt: serverTime(),
      ...options.entry,
    },
  };
  for (const key of options.omit ?? []) delete (entry as { data: Data }).data[key];
  const explore: Write[] = options.explore
    ? [{ update: `explorePosts/${postId}`, data: options.explore }]
    : [];
  if (options.exploreFirst) return batch(...explore, post, entry);
  return batch(...(options.entryFirst ? [entry, post] : [post, entry]), ...explore);
}

const photoBefore = { postCaption: null, postImageAlt: ALT, versionAt: T0 };

/** A post of `count` photos (docs/DATA_MODEL.md "Several photos"): the second described. */
const imageOf = (n: number) => IMAGE.replace('e.jpg', `e${n}.jpg`);
const albumPhotos = (count: number) => ({
  images: Array.from({ length: count }, (_, n) => (n === 0 ? IMAGE : imageOf(n))),
  thumbnails: Array.from({ length: count }, (_, n) => imageOf(100 + n)),
  widths: Array.from({ length: count }, () => 1080),
  heights: Array.from({ length: count }, () => 810),
  alts: Array.from({ length: count }, (_, n) => (n === 1 ? 'A green field' : null)),
});
const albumPost = (id: string, count = 3): Data =>
  photoPost(id, {
    postThumbnail: imageOf(100),
    postImageWidth: 1080,
    postImageHeight: 810,
    photos: albumPhotos(count),
  });
/** An edit of an album's descriptions after the first, with the honest history entry. */
const albumEdit = (postId: string, alts: Data[string], options: Partial<EditOptions> = {}): Op =>
  edit(postId, {
    changes: { 'photos.alts': alts },
    before: photoBefore,
    ...options,
    entry: { photoAlts: albumPhotos(3).alts, ...options.entry },
  });

export function postEditCases({ allow, deny, seed }: RulesSuite): void {
  describe('post edits and their history', () => {
    beforeAll(async () => {
      await seed(
        ...['ed-text', 'ed-text2', 'ed-deny', 'ed-gone'].map((id) => ({
          set: `posts/${id}`,
          data: textPost(id),
        })),
        {
          set: 'posts/ed-again',
          data: textPost('ed-again', 'alice', { editedAt: clientTime(T1), editCount: 1 }),
        },
        { set: 'posts/ed-full', data: textPost('ed-full', 'alice', { editCount: 100 }) },
        // An entry left from before (what a recreated post id could meet): not this write's.
        { set: 'posts/ed-stale', data: textPost('ed-stale') },
        {
          set: 'posts/ed-stale/edits/0',
          data: {
            uid: 'alice',
            postCaption: 'Old',
            postImageAlt: null,
            versionAt: clientTime(T0),
            replacedAt: clientTime(T0),
          },
        },
        // The history of a post already deleted (a deletion that stopped halfway).
        {
          set: 'posts/ed-orphan/edits/0',
          data: {
            uid: 'alice',
            postCaption: 'Gone',
            postImageAlt: null,
            versionAt: clientTime(T0),
            replacedAt: clientTime(T1),
          },
        },
        ...['ed-photo', 'ed-photo2', 'ed-photo3', 'ed-photo4', 'ed-photo-deny'].flatMap((id) => [
          { set: `posts/${id}`, data: photoPost(id) },
          { set: `explorePosts/${id}`, data: exploreEntry(id) },
        ]),
        { set: 'posts/ed-stale-copy', data: photoPost('ed-stale-copy') },
        {
          set: 'explorePosts/ed-stale-copy',
          data: exploreEntry('ed-stale-copy', { postImageAlt: 'Old' }),
        },
        ...['ed-album', 'ed-album-deny'].flatMap((id) => [
          { set: `posts/${id}`, data: albumPost(id) },
          { set: `explorePosts/${id}`, data: exploreEntry(id, { photoCount: 3 }) },
        ]),
        { set: 'posts/ed-album10', data: albumPost('ed-album10', 10) },
        { set: 'explorePosts/ed-album10', data: exploreEntry('ed-album10', { photoCount: 10 }) },
      );
    });

    test('the author edits a caption; the version it replaces is kept', async () => {
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`],
        edit('ed-text', { changes: { postCaption: 'Hello, world' } }),
        { via: 'after.postCaption != null && hasVisible' },
      );
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`],
        edit('ed-text2', { changes: { postCaption: 'Hello again' } }),
        { via: '!existsAfter(entry)' },
      );
      // A second edit: the replaced version is the first edit's, with its time.
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`],
        edit('ed-again', {
          changes: { postCaption: 'Third words' },
          editCount: 2,
          before: { postCaption: 'Hello', postImageAlt: null, versionAt: T1 },
        }),
        { via: "!('photos' in changed)" },
      );
    });

    test('a photo’s description changes with its explore copy, or is removed', async () => {
      const ALT2 = 'A red kite above the dunes at dusk';
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`, EXPLORE_EDIT],
        edit('ed-photo', {
          changes: { postImageAlt: ALT2 },
          before: photoBefore,
          explore: { postImageAlt: ALT2 },
        }),
        { via: 'after.postImage != null' },
      );
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`, EXPLORE_EDIT],
        edit('ed-photo4', {
          changes: { postImageAlt: x(PHOTO_ALT_MAX_LENGTH) },
          before: photoBefore,
          explore: { postImageAlt: x(PHOTO_ALT_MAX_LENGTH) },
        }),
        { via: 'photoAltOf(getAfter(entry).data) == photoAltOf(after)' },
      );
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`, EXPLORE_EDIT],
        edit('ed-photo2', {
          changes: { postImageAlt: deleteField() },
          before: photoBefore,
          explore: { postImageAlt: deleteField() },
        }),
        { via: 'photoAltOf(after) != photoAltOf(before)' },
      );
      // A caption added under a photo: the description and its copy stay as they are.
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`],
        edit('ed-photo3', { changes: { postCaption: 'At the beach' }, before: photoBefore }),
        { via: 'after.postCaption != before.postCaption' },
      );
    });

    test('an edit is the author’s, of the caption and description only, as a new post’s', async () => {
      const caption = { postCaption: 'Changed' };
      await deny('signedOut', EDIT, edit('ed-deny', { changes: caption }), {
        breaks: 'signedIn()',
      });
      await deny('bob', EDIT, edit('ed-deny', { changes: caption, entry: { uid: 'bob' } }), {
        breaks: 'before.uid == me()',
      });
      // Likes, audience, photo, time: nothing else moves with an edit.
      const others: Data[] = [
        { likes: ['alice', 'bob'] },
        { followers: ['alice', 'bob'] },
        { postImage: IMAGE },
        { createdAt: serverTime() },
        { uid: 'bob' },
        // The tags are the explore function's, recomputed from the new caption.
        { postCaption: '#changed', tags: ['changed'] },
      ];
      for (const other of others) {
        await deny('alice', EDIT, edit('ed-deny', { changes: { ...caption, ...other } }), {
          breaks: 'changed.hasOnly',
        });
      }
      await deny(
        'alice',
        EDIT,
        edit('ed-deny', { changes: { ...caption, editedAt: clientTime(T1) } }),
        { breaks: 'after.editedAt == request.time' },
      );
      for (const editCount of [0, 2]) {
        await deny('alice', EDIT, edit('ed-deny', { changes: caption, editCount, entryId: '0' }), {
          breaks: 'after.editCount == editCountOf(before) + 1',
        });
      }
      await deny(
        'alice',
        EDIT,
        edit('ed-full', { changes: caption, editCount: 101, entryId: '100' }),
        { breaks: 'editCountOf(before) < 100' },
      );
      await deny('alice', EDIT, edit('ed-deny', { changes: { postCaption: x(2001) } }), {
        breaks: 'optionalString(after.postCaption',
      });
      for (const postCaption of [null, '   ', '\u200b']) {
        await deny('alice', EDIT, edit('ed-deny', { changes: { postCaption } }), {
          breaks: 'after.postImage != null ||',
        });
      }
      await deny('alice', EDIT, edit('ed-deny', { changes: { ...caption, postImageAlt: ALT } }), {
        breaks: 'validPhotoAlt(after)',
      });
      for (const postImageAlt of [x(PHOTO_ALT_MAX_LENGTH + 1), '', ' ', null]) {
        await deny(
          'alice',
          EDIT,
          edit('ed-photo-deny', {
            changes: { postImageAlt },
            before: photoBefore,
            explore: { postImageAlt },
          }),
          { breaks: 'validPhotoAlt(after)' },
        );
      }
      // Nothing changed: no version to keep, no "Edited".
      await deny('alice', EDIT, edit('ed-deny', { changes: { postCaption: 'Hello' } }), {
        breaks: 'after.postCaption != before.postCaption ||',
      });
    });

    test('an edit records the replaced version in the same write', async () => {
      const changes = { postCaption: 'Changed' };
      await deny(
        'alice',
        EDIT,
        batch({
          update: 'posts/ed-deny',
          data: { ...changes, editedAt: serverTime(), editCount: 1 },
        }),
        { breaks: 'getAfter(entry).data.replacedAt == request.time' },
      );
      // An entry of that number already there is not this edit's record.
      await deny(
        'alice',
        EDIT,
        batch({
          update: 'posts/ed-stale',
          data: { ...changes, editedAt: serverTime(), editCount: 1 },
        }),
        { breaks: 'getAfter(entry).data.replacedAt == request.time' },
      );
      // A new description the explore grid would not show.
      await deny(
        'alice',
        EDIT,
        edit('ed-photo-deny', { changes: { postImageAlt: 'A kite' }, before: photoBefore }),
        { breaks: '!existsAfter(entry) ||' },
      );
    });

    test('the explore copy of a description changes only with its post’s edit', async () => {
      const kite = { postImageAlt: 'A kite' };
      const withEdit = (explore: Data): Op =>
        edit('ed-photo-deny', { changes: kite, before: photoBefore, explore, exploreFirst: true });
      await deny('signedOut', EXPLORE_EDIT, withEdit(kite), { breaks: 'signedIn()' });
      await deny('bob', EXPLORE_EDIT, withEdit(kite), { breaks: 'existing().uid == me()' });
      await deny('alice', EXPLORE_EDIT, withEdit({ ...kite, postImage: null }), {
        breaks: "changedOnly(['postImageAlt'])",
      });
      await deny('alice', EXPLORE_EDIT, withEdit({ postImageAlt: 'A bird' }), {
        breaks: 'photoAltOf(incoming()) ==',
      });
      // The copy brought in line with its post, but outside an edit.
      await deny(
        'alice',
        EXPLORE_EDIT,
        batch({ update: 'explorePosts/ed-stale-copy', data: { postImageAlt: ALT } }),
        { breaks: 'data.editedAt == request.time' },
      );
    });

    test('every photo of an album keeps its description through an edit, in the history too', async () => {
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`],
        albumEdit('ed-album', [null, 'A green field at dawn', 'Two horses']),
        { via: "after.get('photos', null) != before.get('photos', null)" },
      );
      // Ten photos, every description at its bound, the first's with its explore copy.
      const longest = x(PHOTO_ALT_MAX_LENGTH);
      await allow(
        'alice',
        [EDIT, `${HISTORY} create`, EXPLORE_EDIT],
        edit('ed-album10', {
          changes: {
            postImageAlt: longest,
            'photos.alts': [null, ...Array.from({ length: 9 }, () => longest)],
          },
          before: photoBefore,
          entry: { photoAlts: albumPhotos(10).alts },
          explore: { postImageAlt: longest },
        }),
        { via: 'editsPhotoAlts(before, after)' },
      );
    });

    test('an album edit changes descriptions only: never a photo, their number, or another’s', async () => {
      const t = "!('photos' in changed) || editsPhotoAlts";
      const alts = [null, 'A dog', null];
      await deny('bob', EDIT, albumEdit('ed-album-deny', alts, { entry: { uid: 'bob' } }), {
        breaks: 'before.uid == me()',
      });
      const forged: Data[string][] = [
        // A forged length: one more, one fewer, none.
        [null, 'A dog', null, 'A cat'],
        [null, 'A dog'],
        [],
        // The first photo's description lives in postImageAlt.
        ['A dog', 'A dog', null],
        // Bounded as at creation.
        [null, x(PHOTO_ALT_MAX_LENGTH + 1), null],
        [null, ' ', null],
        [null, '\u200b', null],
        [null, 7, null],
        'A dog',
      ];
      for (const list of forged) {
        await deny('alice', EDIT, albumEdit('ed-album-deny', list), { breaks: t });
      }
      // A photo, a size or the list itself changed through an edit.
      const moved: Data[] = [
        { 'photos.images': [IMAGE, imageOf(9), imageOf(2)] },
        { 'photos.thumbnails': [imageOf(100), imageOf(100), imageOf(102)] },
        { 'photos.widths': [1080, 1080, 4000] },
        { photos: deleteField() },
        { photos: { ...albumPhotos(3), alts, captions: [] } },
      ];
      for (const changes of moved) {
        await deny(
          'alice',
          EDIT,
          albumEdit('ed-album-deny', alts, { changes: { 'photos.alts': alts, ...changes } }),
          { breaks: t },
        );
      }
      // Photos added to a post of one through an edit.
      await deny(
        'alice',
        EDIT,
        edit('ed-photo-deny', {
          changes: { postCaption: 'More', photos: albumPhotos(3) },
          before: photoBefore,
        }),
        { breaks: t },
      );
      // The history must say what every photo's description was.
      const history = `${HISTORY} create`;
      for (const photoAlts of [[null, 'A horse', null], null]) {
        await deny(
          'alice',
          history,
          albumEdit('ed-album-deny', alts, { entry: { photoAlts }, entryFirst: true }),
          { breaks: "entry.get('photoAlts', null) ==" },
        );
      }
      await deny(
        'alice',
        history,
        edit('ed-deny', {
          changes: { postCaption: 'Changed' },
          entry: { photoAlts: [] },
          entryFirst: true,
        }),
        { breaks: "entry.get('photoAlts', null) ==" },
      );
    });

    test('a history entry holds exactly what the post held before the edit', async () => {
      const t = `${HISTORY} create`;
      const changes = { postCaption: 'Changed' };
      const forged = (entry: Data, options: Partial<EditOptions> = {}): Op =>
        edit('ed-deny', { changes, entry, entryFirst: true, ...options });
      await deny('signedOut', t, forged({}), { breaks: 'signedIn()' });
      await deny('alice', t, forged({}, { omit: ['versionAt'] }), {
        breaks: 'hasAll',
      });
      await deny('alice', t, forged({ likes: [] }), { breaks: 'hasOnly' });
      await deny('alice', t, forged({ uid: 'bob' }), { breaks: 'entry.uid == me()' });
      await deny('bob', t, forged({ uid: 'bob' }), { breaks: 'before.uid == me()' });
      await deny('alice', t, forged({}, { entryId: '7' }), {
        breaks: 'editId == string(editCountOf(before))',
      });
      // A history that says the post said something it never did.
      await deny('alice', t, forged({ postCaption: 'I never said that' }), {
        breaks: 'entry.postCaption == before.postCaption',
      });
      await deny('alice', t, forged({ postImageAlt: 'A dog' }), {
        breaks: 'entry.postImageAlt == photoAltOf(before)',
      });
      await deny('alice', t, forged({ versionAt: clientTime(T1) }), {
        breaks: 'entry.versionAt ==',
      });
      await deny('alice', t, forged({ replacedAt: clientTime(T1) }), {
        breaks: 'entry.replacedAt == request.time',
      });
      // An entry alone: the post is not edited in this write.
      const lone = edit('ed-deny', { changes, entryFirst: true }) as { batch: Write[] };
      await deny('alice', t, batch(lone.batch[0]!), {
        breaks: 'getAfter(postDoc(postId)).data.editedAt == request.time',
      });
    });

    test('anyone signed in reads a post’s history; nobody changes it', async () => {
      const get: Op = { get: 'posts/ed-text/edits/0' };
      const list: Op = { list: 'posts/ed-text/edits', orderBy: ['replacedAt', 'desc'] };
      await allow('bob', `${HISTORY} get`, get);
      await allow('bob', `${HISTORY} list`, list);
      await deny('signedOut', `${HISTORY} get`, get, { breaks: 'signedIn()' });
      await deny('signedOut', `${HISTORY} list`, list, { breaks: 'signedIn()' });
      const rewrite = batch({
        update: 'posts/ed-text/edits/0',
        data: { postCaption: 'I never said that' },
      });
      await deny('alice', `${HISTORY} update`, rewrite);
      await deny('signedOut', `${HISTORY} update`, rewrite);
    });

    test('a history goes only with its post, and only by its author', async () => {
      const t = `${HISTORY} delete`;
      await deny('alice', t, batch({ delete: 'posts/ed-text/edits/0' }), {
        breaks: '!existsAfter(postDoc(editedPost))',
      });
      await deny('bob', t, batch({ delete: 'posts/ed-orphan/edits/0' }), {
        breaks: 'existing().uid == me()',
      });
      await deny('signedOut', t, batch({ delete: 'posts/ed-orphan/edits/0' }), {
        breaks: 'signedIn()',
      });
      await allow(
        'alice',
        ['/posts/{postId} delete', '/deletedPosts/{postId} create', t],
        batch(
          { delete: 'posts/ed-text' },
          { set: 'deletedPosts/ed-text', data: { uid: 'alice', deletedAt: serverTime() } },
          { delete: 'posts/ed-text/edits/0' },
        ),
      );
      await allow('alice', t, batch({ delete: 'posts/ed-orphan/edits/0' }));
    });
  });
}
