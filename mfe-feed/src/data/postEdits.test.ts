import { CAPTION_MAX_LENGTH } from 'shared-firebase';
import { readOwnPostWrites } from './ownPostWrites';
import { PHOTO_ALT_MAX_LENGTH } from './photoAlt';
import { editPost, MAX_POST_EDITS, postEditProblem, postEditsQuery } from './postEdits';

/**
 * firebase/firestore faked at its boundary: references are plain paths, field values tagged
 * objects, and a transaction reads the documents a test put in `stored` and records its writes in
 * order, so the tests compare the exact write shapes of docs/DATA_MODEL.md "Editing a post".
 */
type MockOp = [string, string, unknown?];

jest.mock('firebase/firestore', () => {
  const commits: MockOp[][] = [];
  const stored = new Map<string, Record<string, unknown>>();
  return {
    doc: (parent: { path: string }, id: string) => ({ path: `${parent.path}/${id}`, id }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    serverTimestamp: () => 'SERVER_TIME',
    deleteField: () => 'DELETE_FIELD',
    runTransaction: async (
      _db: unknown,
      run: (transaction: Record<string, unknown>) => Promise<unknown>,
    ) => {
      const ops: MockOp[] = [];
      const result = await run({
        get: async (ref: { path: string }) => ({
          exists: () => stored.has(ref.path),
          data: () => stored.get(ref.path),
        }),
        set: (ref: { path: string }, data: unknown) => ops.push(['set', ref.path, data]),
        update: (ref: { path: string }, data: unknown) => ops.push(['update', ref.path, data]),
      });
      commits.push(ops);
      return result;
    },
    __commits: commits,
    __stored: stored,
  };
});
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);

const firestore = jest.requireMock('firebase/firestore') as {
  __commits: MockOp[][];
  __stored: Map<string, Record<string, unknown>>;
};

const CREATED = { seconds: 1 };
const EDITED = { seconds: 2 };
const IMAGE = 'https://files/1.jpg';
const textPost = { postImage: null, postCaption: 'Helo', uid: 'me', createdAt: CREATED };
const photoPost = {
  postImage: IMAGE,
  postCaption: null,
  postImageAlt: 'A kite',
  uid: 'me',
  createdAt: CREATED,
};

beforeEach(() => {
  firestore.__commits.length = 0;
  firestore.__stored.clear();
});

describe('editPost', () => {
  it('stores the corrected caption and, in the same transaction, the version it replaces', async () => {
    firestore.__stored.set('posts/p1', textPost);
    await expect(
      editPost('p1', { caption: '  Hello  ', imageAlts: [''], mentions: [] }),
    ).resolves.toBe(true);
    expect(firestore.__commits).toEqual([
      [
        [
          'update',
          'posts/p1',
          {
            postCaption: 'Hello',
            postImageAlt: 'DELETE_FIELD',
            editedAt: 'SERVER_TIME',
            editCount: 1,
          },
        ],
        [
          'set',
          'posts/p1/edits/0',
          {
            uid: 'me',
            postCaption: 'Helo',
            postImageAlt: null,
            versionAt: CREATED,
            replacedAt: 'SERVER_TIME',
          },
        ],
      ],
    ]);
    expect(readOwnPostWrites().edited).toEqual(new Set(['p1']));
  });

  it('numbers a later edit by the edits before it and dates the version by the last edit', async () => {
    firestore.__stored.set('posts/p1', { ...textPost, editedAt: EDITED, editCount: 3 });
    await editPost('p1', { caption: 'Hello', imageAlts: [''], mentions: [] });
    const [update, entry] = firestore.__commits[0]!;
    expect(update![2]).toMatchObject({ editCount: 4 });
    expect(entry!.slice(0, 2)).toEqual(['set', 'posts/p1/edits/3']);
    expect(entry![2]).toMatchObject({ versionAt: EDITED });
  });

  it('changes a photo’s description on the post and on its explore entry', async () => {
    firestore.__stored.set('posts/p2', photoPost);
    firestore.__stored.set('explorePosts/p2', { postImage: IMAGE, postImageAlt: 'A kite' });
    await editPost('p2', { caption: '', imageAlts: [' A red kite '], mentions: [] });
    expect(firestore.__commits[0]).toEqual([
      [
        'update',
        'posts/p2',
        { postCaption: null, postImageAlt: 'A red kite', editedAt: 'SERVER_TIME', editCount: 1 },
      ],
      [
        'set',
        'posts/p2/edits/0',
        {
          uid: 'me',
          postCaption: null,
          postImageAlt: 'A kite',
          versionAt: CREATED,
          replacedAt: 'SERVER_TIME',
        },
      ],
      ['update', 'explorePosts/p2', { postImageAlt: 'A red kite' }],
    ]);
  });

  it('removes a description cleared to nothing visible, and leaves a missing explore entry alone', async () => {
    firestore.__stored.set('posts/p2', photoPost);
    await editPost('p2', { caption: 'Beach', imageAlts: ['\u200b '], mentions: [] });
    const ops = firestore.__commits[0]!;
    expect(ops[0]![2]).toMatchObject({ postCaption: 'Beach', postImageAlt: 'DELETE_FIELD' });
    expect(ops.map(([kind, path]) => `${kind} ${path}`)).toEqual([
      'update posts/p2',
      'set posts/p2/edits/0',
    ]);
  });

  it('changes every photo’s description of an album, the first kept in postImageAlt, and keeps all of them in the history', async () => {
    const photos = {
      images: [IMAGE, 'https://files/2.jpg', 'https://files/3.jpg'],
      thumbnails: ['t1', 't2', 't3'],
      widths: [1, 2, 3],
      heights: [1, 2, 3],
      alts: [null, 'A field', null],
    };
    firestore.__stored.set('posts/p3', { ...photoPost, photos });
    firestore.__stored.set('explorePosts/p3', { postImage: IMAGE, postImageAlt: 'A kite' });
    await editPost('p3', {
      caption: '',
      imageAlts: ['A kite', ' A green field ', 'Two horses'],
      mentions: [],
    });
    expect(firestore.__commits[0]).toEqual([
      [
        'update',
        'posts/p3',
        {
          postCaption: null,
          postImageAlt: 'A kite',
          editedAt: 'SERVER_TIME',
          editCount: 1,
          'photos.alts': [null, 'A green field', 'Two horses'],
        },
      ],
      [
        'set',
        'posts/p3/edits/0',
        {
          uid: 'me',
          postCaption: null,
          postImageAlt: 'A kite',
          photoAlts: [null, 'A field', null],
          versionAt: CREATED,
          replacedAt: 'SERVER_TIME',
        },
      ],
    ]);
    // A description cleared to nothing is none; the list is left alone when it did not move.
    firestore.__commits.length = 0;
    await editPost('p3', { caption: 'Farm', imageAlts: ['A kite', 'A field', ''], mentions: [] });
    expect(firestore.__commits[0]![0]![2]).not.toHaveProperty(['photos.alts']);
    await editPost('p3', { caption: '', imageAlts: ['A kite', '\u200b', ''], mentions: [] });
    expect(firestore.__commits[1]![0]![2]).toMatchObject({ 'photos.alts': [null, null, null] });
  });

  it('stores the mentions of the new caption as a new post does, and removes them when none are left', async () => {
    firestore.__stored.set('posts/p4', { ...textPost, mentions: ['bob'] });
    await editPost('p4', { caption: 'Hi @Bob and @Cy', imageAlts: [], mentions: ['bob', 'cy'] });
    expect(firestore.__commits[0]![0]![2]).toMatchObject({ mentions: ['bob', 'cy'] });
    await editPost('p4', { caption: 'Hi all', imageAlts: [], mentions: [] });
    expect(firestore.__commits[1]![0]![2]).toMatchObject({ mentions: 'DELETE_FIELD' });
    // The same members as before: the field is not written.
    await editPost('p4', { caption: 'Hi @Bob!', imageAlts: [], mentions: ['bob'] });
    expect(firestore.__commits[2]![0]![2]).not.toHaveProperty('mentions');
  });

  it('writes nothing when nothing changed, and refuses what the rules would', async () => {
    firestore.__stored.set('posts/p1', textPost);
    await expect(
      editPost('p1', { caption: ' Helo ', imageAlts: ['ignored'], mentions: [] }),
    ).resolves.toBe(false);
    await expect(editPost('p1', { caption: '  ', imageAlts: [''], mentions: [] })).rejects.toThrow(
      'empty',
    );
    await expect(
      editPost('gone', { caption: 'Hi', imageAlts: [''], mentions: [] }),
    ).rejects.toThrow('no longer exists');
    expect(firestore.__commits.flat()).toEqual([]);
  });
});

describe('postEditProblem', () => {
  const input = (caption: string, imageAlt = '') => ({ caption, imageAlts: [imageAlt] });

  it('follows a new post’s caption rules: a post without a photo needs a caption', () => {
    expect(postEditProblem(textPost, input('   '))).toBe('empty');
    expect(postEditProblem(photoPost, input('   ', 'A kite, flying'))).toBeNull();
    expect(postEditProblem(textPost, input('x'.repeat(CAPTION_MAX_LENGTH)))).toBeNull();
    expect(postEditProblem(textPost, input('x'.repeat(CAPTION_MAX_LENGTH + 1)))).toBe('too-long');
    expect(postEditProblem(photoPost, input('', 'x'.repeat(PHOTO_ALT_MAX_LENGTH)))).toBeNull();
    expect(postEditProblem(photoPost, input('', 'x'.repeat(PHOTO_ALT_MAX_LENGTH + 1)))).toBe(
      'too-long',
    );
  });

  it('calls an edit that stores the same text unchanged, whatever the spaces around it', () => {
    expect(postEditProblem(textPost, input(' Helo\n'))).toBe('unchanged');
    expect(postEditProblem(photoPost, input('', ' A kite '))).toBe('unchanged');
    expect(postEditProblem(photoPost, input('', ''))).toBeNull();
  });

  it('stops at MAX_POST_EDITS edits', () => {
    expect(postEditProblem({ ...textPost, editCount: MAX_POST_EDITS - 1 }, input('Hi'))).toBeNull();
    expect(postEditProblem({ ...textPost, editCount: MAX_POST_EDITS }, input('Hi'))).toBe(
      'too-many',
    );
  });
});

it('lists a post’s earlier versions, most recently replaced first', () => {
  expect(postEditsQuery('p1')).toEqual({
    path: 'posts/p1/edits',
    constraints: [['orderBy', 'replacedAt', 'desc']],
  });
});
