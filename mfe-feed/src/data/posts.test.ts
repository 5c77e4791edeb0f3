import { readOwnPostWrites } from './ownPostWrites';
import { PHOTO_ALT_MAX_LENGTH } from './photoAlt';
import { authorPostsQuery, tagPostsQuery } from './posts';
import {
  createPost,
  deletePost,
  newPostProblem,
  MAX_POST_PHOTOS,
  UnreadablePhotoError,
} from './postWrites';
import {
  ImageUnreadableError,
  POSTS_LIST_BOUND,
  postsCollection,
  uploadImage,
} from 'shared-firebase';
import { deleteObject } from 'firebase/storage';
import { getDoc, getDocs, onSnapshot } from 'firebase/firestore';

/**
 * firebase/firestore and firebase/storage faked at their boundary: references are plain paths,
 * field values are tagged objects, and every batch records its operations in order, so the tests
 * compare the exact write shapes of docs/DATA_MODEL.md.
 */
type MockOp = [string, string, unknown?];

jest.mock('firebase/firestore', () => {
  const commits: MockOp[][] = [];
  const failures: Error[] = [];
  return {
    doc: (parent: { path: string }, id?: string) => ({
      path: `${parent.path}/${id ?? 'NEW_ID'}`,
      id: id ?? 'NEW_ID',
    }),
    ...jest.requireActual('shared-firebase/testing/firebaseFakes').fakeQueryBuilders,
    serverTimestamp: () => 'SERVER_TIME',
    arrayUnion: (...values: unknown[]) => ({ arrayUnion: values }),
    arrayRemove: (...values: unknown[]) => ({ arrayRemove: values }),
    getDoc: jest.fn(),
    getDocs: jest.fn(),
    updateDoc: jest.fn(async (ref: { path: string }, data: unknown) => {
      commits.push([['update', ref.path, data]]);
    }),
    writeBatch: () => {
      const ops: MockOp[] = [];
      return {
        set: (ref: { path: string }, data: unknown) => ops.push(['set', ref.path, data]),
        update: (ref: { path: string }, data: unknown) => ops.push(['update', ref.path, data]),
        delete: (ref: { path: string }) => ops.push(['delete', ref.path]),
        commit: async () => {
          const failure = failures.shift();
          if (failure) throw failure;
          commits.push(ops);
        },
      };
    },
    // A transaction reads through getDoc (tagged 'tx') and commits its writes like a batch.
    runTransaction: async (
      _db: unknown,
      run: (transaction: Record<string, unknown>) => Promise<unknown>,
    ) => {
      const ops: MockOp[] = [];
      const { getDoc } = jest.requireMock('firebase/firestore') as { getDoc: jest.Mock };
      const result = await run({
        get: (ref: { path: string }) => getDoc(ref, 'tx'),
        set: (ref: { path: string }, data: unknown) => ops.push(['set', ref.path, data]),
        update: (ref: { path: string }, data: unknown) => ops.push(['update', ref.path, data]),
        delete: (ref: { path: string }) => ops.push(['delete', ref.path]),
      });
      const failure = failures.shift();
      if (failure) throw failure;
      commits.push(ops);
      return result;
    },
    // A listener that hands out the snapshots a test queued with __listenerSnapshots.
    onSnapshot: jest.fn((_ref: unknown, _options: unknown, next: (snapshot: unknown) => void) => {
      const { __listenerSnapshots } = jest.requireMock('firebase/firestore') as {
        __listenerSnapshots: unknown[];
      };
      let listening = true;
      const stop = jest.fn(() => {
        listening = false;
      });
      queueMicrotask(() =>
        __listenerSnapshots.forEach((snapshot) => {
          if (listening) next(snapshot);
        }),
      );
      return stop;
    }),
    __listenerSnapshots: [] as unknown[],
    __commits: commits,
    __failNextCommit: (error: Error) => failures.push(error),
  };
});
const ME = 'me';
const ME_PATH = `${ME}/posts`;
jest.mock('firebase/storage', () => ({
  getStorage: () => ({}),
  ref: (_storage: unknown, pathOrUrl: string) => ({ ref: pathOrUrl }),
  deleteObject: jest.fn(async () => undefined),
}));
jest.mock('shared-firebase/session', () =>
  jest.requireActual('shared-firebase/testing/firebaseFakes').loadedFirebase(),
);
// The media pipeline is shared-firebase's: the photo's sizes are faked, their deletion is real.
jest.mock('shared-firebase', () => ({
  ...jest.requireActual<object>('shared-firebase'),
  uploadImage: jest.fn(),
}));

/** What uploadImage returns for a post photo: the display size and its thumbnail beside it. */
const UPLOADED = {
  display: { path: `${ME_PATH}/1.jpg`, downloadUrl: 'https://files/1.jpg' },
  thumbnail: { path: `${ME_PATH}/1-thumbnail.jpg`, downloadUrl: 'https://files/1-thumbnail.jpg' },
  width: 1080,
  height: 810,
};

const firestore = jest.requireMock('firebase/firestore') as {
  __commits: MockOp[][];
  __listenerSnapshots: unknown[];
  __failNextCommit: (error: Error) => void;
};

const followersSnapshot = (Followers: string[], fromCache = false) => ({
  data: () => ({ Followers }),
  metadata: { fromCache },
});
const authorSnapshot = (posts: string[]) => ({ data: () => ({ posts }) });
const offlineError = Object.assign(
  new Error('Failed to get document because the client is offline.'),
  {
    code: 'unavailable',
  },
);
const deniedError = Object.assign(new Error('Missing or insufficient permissions.'), {
  code: 'permission-denied',
});

beforeEach(() => {
  firestore.__commits.length = 0;
  firestore.__listenerSnapshots.length = 0;
  jest.mocked(onSnapshot).mockClear();
  jest
    .mocked(getDoc)
    .mockReset()
    .mockResolvedValue({
      data: () => ({ Followers: ['f1', 'f2'] }),
    } as never);
  jest.mocked(deleteObject).mockClear();
  jest.mocked(uploadImage).mockReset();
});

describe('post queries', () => {
  it('reads an author and a tag as the data model says: their cards', () => {
    expect(authorPostsQuery('ann')).toEqual({
      path: 'postCards',
      constraints: [
        ['where', 'uid', '==', 'ann'],
        ['orderBy', 'createdAt', 'desc'],
      ],
    });
    expect(tagPostsQuery('東京')).toEqual({
      path: 'postCards',
      constraints: [
        ['where', 'tags', 'array-contains', '東京'],
        ['orderBy', 'createdAt', 'desc'],
      ],
    });
    // Over the posts themselves for a database without cards.
    expect(authorPostsQuery('ann', postsCollection())).toMatchObject({ path: 'posts' });
    expect(tagPostsQuery('東京', postsCollection())).toMatchObject({ path: 'posts' });
  });
});

describe('createPost', () => {
  it('writes a text post and the author’s post list in one batch, its audience read first', async () => {
    await expect(createPost({ authorUid: ME, caption: '  Hello  ', photos: [] })).resolves.toBe(
      'NEW_ID',
    );
    expect(uploadImage).not.toHaveBeenCalled();
    expect(firestore.__commits).toEqual([
      [
        [
          'set',
          'posts/NEW_ID',
          {
            postImage: null,
            postCaption: 'Hello',
            uid: ME,
            postId: 'NEW_ID',
            followers: [ME, 'f1', 'f2'],
            likes: [],
            createdAt: 'SERVER_TIME',
          },
        ],
        ['update', `usersData/${ME}`, { posts: { arrayUnion: ['NEW_ID'] } }],
      ],
    ]);
    expect(jest.mocked(getDoc).mock.calls).toEqual([[{ path: `Followers/${ME}`, id: ME }]]);
    // The member's own lists show it from its post until its card exists.
    expect(readOwnPostWrites().made).toEqual(new Set(['NEW_ID']));
  });

  it('uploads the photo’s sizes to {uid}/posts first, then adds the explore entry in the same batch', async () => {
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const onProgress = jest.fn();
    jest.mocked(uploadImage).mockResolvedValue(UPLOADED);
    await createPost({ authorUid: ME, caption: '   ', photos: [{ file }], onProgress });
    const onWaitingForConnection = jest.fn();
    expect(uploadImage).toHaveBeenCalledWith(
      ME,
      'posts',
      'post',
      file,
      expect.any(Function),
      undefined,
    );
    // One photo: its own progress is the whole set's.
    jest.mocked(uploadImage).mock.calls[0]![4](40);
    expect(onProgress).toHaveBeenLastCalledWith({ percent: 40, photo: 1, photos: 1 });
    await createPost({ authorUid: ME, caption: '', photos: [{ file }], onWaitingForConnection });
    expect(jest.mocked(uploadImage).mock.calls[1]![5]).toBe(onWaitingForConnection);
    firestore.__commits.pop();
    expect(firestore.__commits).toEqual([
      [
        [
          'set',
          'posts/NEW_ID',
          expect.objectContaining({
            postImage: 'https://files/1.jpg',
            postCaption: null,
            postThumbnail: 'https://files/1-thumbnail.jpg',
            postImageWidth: 1080,
            postImageHeight: 810,
          }),
        ],
        [
          'set',
          'explorePosts/NEW_ID',
          {
            postImage: 'https://files/1.jpg',
            postThumbnail: 'https://files/1-thumbnail.jpg',
            uid: ME,
            postId: 'NEW_ID',
            createdAt: 'SERVER_TIME',
          },
        ],
        ['update', `usersData/${ME}`, { posts: { arrayUnion: ['NEW_ID'] } }],
      ],
    ]);
  });

  it('stores the photo’s description, trimmed, on the post and its explore entry', async () => {
    jest.mocked(uploadImage).mockResolvedValue(UPLOADED);
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    await createPost({ authorUid: ME, caption: '', photos: [{ file, alt: '  A red kite  ' }] });
    const [postWrite, exploreWrite] = firestore.__commits[0]!;
    expect(postWrite).toEqual([
      'set',
      'posts/NEW_ID',
      expect.objectContaining({ postImageAlt: 'A red kite' }),
    ]);
    expect(exploreWrite).toEqual([
      'set',
      'explorePosts/NEW_ID',
      expect.objectContaining({ postImageAlt: 'A red kite' }),
    ]);
  });

  it('leaves the description out when it is blank, invisible, or there is no photo', async () => {
    jest.mocked(uploadImage).mockResolvedValue(UPLOADED);
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    await createPost({ authorUid: ME, caption: '', photos: [{ file, alt: ' \n ' }] });
    await createPost({ authorUid: ME, caption: '', photos: [{ file, alt: '\u200b\u3164' }] });
    await createPost({ authorUid: ME, caption: 'Words', photos: [] });
    expect(firestore.__commits).toHaveLength(3);
    for (const commit of firestore.__commits) {
      for (const [, , data] of commit) expect(data).not.toHaveProperty('postImageAlt');
    }
  });

  it('removes every uploaded size when the batch fails, leaving no half post', async () => {
    jest.mocked(uploadImage).mockResolvedValue(UPLOADED);
    firestore.__failNextCommit(new Error('permission-denied'));
    await expect(
      createPost({ authorUid: ME, caption: '', photos: [{ file: new File(['x'], 'p.png') }] }),
    ).rejects.toThrow('permission-denied');
    expect(deleteObject).toHaveBeenCalledWith({ ref: `${ME}/posts/1.jpg` });
    expect(deleteObject).toHaveBeenCalledWith({ ref: `${ME}/posts/1-thumbnail.jpg` });
    expect(firestore.__commits).toEqual([]);
  });

  it('uploads several photos one after the other and lists them all, the first as the seed’s fields', async () => {
    const uploadedAs = (n: number) => ({
      display: { path: `${ME_PATH}/${n}.jpg`, downloadUrl: `https://files/${n}.jpg` },
      thumbnail: { path: `${ME_PATH}/${n}-t.jpg`, downloadUrl: `https://files/${n}-t.jpg` },
      width: 1000 + n,
      height: 800,
    });
    for (const n of [1, 2, 3]) jest.mocked(uploadImage).mockResolvedValueOnce(uploadedAs(n));
    const files = [1, 2, 3].map((n) => new File([`${n}`], `${n}.png`, { type: 'image/png' }));
    const onProgress = jest.fn();
    await createPost({
      authorUid: ME,
      caption: 'Holiday',
      photos: [
        { file: files[0]!, alt: ' The beach ' },
        { file: files[1]!, alt: '' },
        { file: files[2]!, alt: 'A boat ' },
      ],
      onProgress,
    });
    expect(jest.mocked(uploadImage).mock.calls.map((call) => call[3])).toEqual(files);
    // Half of the second photo is half of the second third of the set.
    jest.mocked(uploadImage).mock.calls[1]![4](50);
    expect(onProgress).toHaveBeenLastCalledWith({ percent: 50, photo: 2, photos: 3 });
    const [postWrite, exploreWrite] = firestore.__commits[0]!;
    expect(postWrite![2]).toMatchObject({
      postImage: 'https://files/1.jpg',
      postThumbnail: 'https://files/1-t.jpg',
      postImageWidth: 1001,
      postImageHeight: 800,
      postImageAlt: 'The beach',
      photos: {
        images: ['https://files/1.jpg', 'https://files/2.jpg', 'https://files/3.jpg'],
        thumbnails: ['https://files/1-t.jpg', 'https://files/2-t.jpg', 'https://files/3-t.jpg'],
        widths: [1001, 1002, 1003],
        heights: [800, 800, 800],
        alts: [null, null, 'A boat'],
      },
    });
    expect(exploreWrite![2]).toMatchObject({ postImage: 'https://files/1.jpg', photoCount: 3 });
  });

  it('a photo that cannot be read names itself and leaves none of the set behind', async () => {
    jest
      .mocked(uploadImage)
      .mockResolvedValueOnce(UPLOADED)
      .mockRejectedValueOnce(new ImageUnreadableError());
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const failure = createPost({
      authorUid: ME,
      caption: '',
      photos: [{ file }, { file }, { file }],
    });
    await expect(failure).rejects.toBeInstanceOf(UnreadablePhotoError);
    await expect(failure).rejects.toMatchObject({ photoIndex: 1 });
    expect(uploadImage).toHaveBeenCalledTimes(2);
    expect(deleteObject).toHaveBeenCalledWith({ ref: `${ME}/posts/1.jpg` });
    expect(deleteObject).toHaveBeenCalledWith({ ref: `${ME}/posts/1-thumbnail.jpg` });
    expect(firestore.__commits).toEqual([]);
  });

  it('refuses more than MAX_POST_PHOTOS photos before uploading any', async () => {
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    const photos = Array.from({ length: MAX_POST_PHOTOS + 1 }, () => ({ file }));
    await expect(createPost({ authorUid: ME, caption: '', photos })).rejects.toThrow(
      'too-many-photos',
    );
    expect(newPostProblem('', photos.slice(1))).toBeNull();
    expect(uploadImage).not.toHaveBeenCalled();
  });

  it('offline with nothing cached, waits for the server’s followers instead of guessing', async () => {
    jest.mocked(getDoc).mockRejectedValue(offlineError);
    firestore.__listenerSnapshots.push(
      followersSnapshot(['stale'], true),
      followersSnapshot(['f9']),
      followersSnapshot(['later']),
    );
    await createPost({ authorUid: ME, caption: 'Offline', photos: [] });
    expect(firestore.__commits[0]![0]![2]).toMatchObject({ followers: [ME, 'f9'] });
    // The listener stops at the first snapshot the server confirmed.
    const stop = jest.mocked(onSnapshot).mock.results[0]!.value as jest.Mock;
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('lets any other read failure through without writing', async () => {
    jest.mocked(getDoc).mockRejectedValue(deniedError);
    await expect(createPost({ authorUid: ME, caption: 'x', photos: [] })).rejects.toBe(deniedError);
    expect(onSnapshot).not.toHaveBeenCalled();
    expect(firestore.__commits).toEqual([]);
  });

  it('retries a refused post once in a transaction that reads the followers on the server', async () => {
    firestore.__failNextCommit(deniedError);
    jest
      .mocked(getDoc)
      .mockResolvedValueOnce(followersSnapshot(['f1', 'f2']) as never)
      .mockResolvedValueOnce(followersSnapshot(['f2']) as never)
      .mockResolvedValueOnce(authorSnapshot(['old']) as never);
    await expect(createPost({ authorUid: ME, caption: 'Hi', photos: [] })).resolves.toBe('NEW_ID');
    expect(jest.mocked(getDoc).mock.calls[1]).toEqual([{ path: `Followers/${ME}`, id: ME }, 'tx']);
    expect(jest.mocked(getDoc).mock.calls[2]).toEqual([{ path: `usersData/${ME}`, id: ME }, 'tx']);
    expect(firestore.__commits).toEqual([
      [
        [
          'set',
          'posts/NEW_ID',
          expect.objectContaining({ postId: 'NEW_ID', followers: [ME, 'f2'] }),
        ],
        ['update', `usersData/${ME}`, { posts: { arrayUnion: ['NEW_ID'] } }],
      ],
    ]);
  });

  it('makes a post beyond the list’s bound without listing it (the rules refuse the id)', async () => {
    firestore.__failNextCommit(deniedError);
    const full = Array.from({ length: POSTS_LIST_BOUND }, (_, i) => `p${i}`);
    jest
      .mocked(getDoc)
      .mockResolvedValueOnce(followersSnapshot([]) as never)
      .mockResolvedValueOnce(followersSnapshot([]) as never)
      .mockResolvedValueOnce(authorSnapshot(full) as never);
    await expect(createPost({ authorUid: ME, caption: 'Hi', photos: [] })).resolves.toBe('NEW_ID');
    expect(firestore.__commits).toEqual([
      [['set', 'posts/NEW_ID', expect.objectContaining({ postId: 'NEW_ID', followers: [ME] })]],
    ]);
  });

  it('gives up after the one retry, and does not retry other failures', async () => {
    firestore.__failNextCommit(deniedError);
    firestore.__failNextCommit(deniedError);
    jest
      .mocked(getDoc)
      .mockResolvedValueOnce(followersSnapshot([]) as never)
      .mockResolvedValueOnce(followersSnapshot([]) as never)
      .mockResolvedValueOnce(authorSnapshot([]) as never);
    await expect(createPost({ authorUid: ME, caption: 'Hi', photos: [] })).rejects.toBe(
      deniedError,
    );
    expect(getDoc).toHaveBeenCalledTimes(3);

    const unavailable = Object.assign(new Error('down'), { code: 'unavailable' });
    firestore.__failNextCommit(unavailable);
    await expect(createPost({ authorUid: ME, caption: 'Hi', photos: [] })).rejects.toBe(
      unavailable,
    );
    expect(getDoc).toHaveBeenCalledTimes(4);
    expect(firestore.__commits).toEqual([]);
  });

  it('refuses an empty or over-long post without writing anything', async () => {
    await expect(createPost({ authorUid: ME, caption: ' \n ', photos: [] })).rejects.toThrow();
    await expect(
      createPost({ authorUid: ME, caption: 'x'.repeat(2001), photos: [] }),
    ).rejects.toThrow();
    const file = new File(['x'], 'p.png', { type: 'image/png' });
    await expect(
      createPost({ authorUid: ME, caption: '', photos: [{ file, alt: 'x'.repeat(1501) }] }),
    ).rejects.toThrow('The post is too-long.');
    expect(uploadImage).not.toHaveBeenCalled();
    expect(firestore.__commits).toEqual([]);
    expect(getDoc).not.toHaveBeenCalled();
  });
});

describe('newPostProblem with a description', () => {
  const file = new File(['x'], 'p.png', { type: 'image/png' });
  const photo = (alt?: string) => [{ file, alt }];

  it('accepts a description of up to PHOTO_ALT_MAX_LENGTH characters and refuses a longer one', () => {
    // The documented maximum (docs/DATA_MODEL.md, mfe-feed/README.md).
    expect(PHOTO_ALT_MAX_LENGTH).toBe(1500);
    expect(newPostProblem('', photo('x'.repeat(PHOTO_ALT_MAX_LENGTH)))).toBeNull();
    expect(newPostProblem('', photo('x'.repeat(PHOTO_ALT_MAX_LENGTH + 1)))).toBe('too-long');
  });

  it('never requires a description: a photo alone is a post', () => {
    expect(newPostProblem('', photo())).toBeNull();
    expect(newPostProblem('', photo(''))).toBeNull();
  });
});

describe('deletePost', () => {
  it('deletes comments in batches of 10, then the post, its explore entry, tombstone, list entry and history, then the file', async () => {
    const comments = Array.from({ length: 23 }, (_, i) => ({ ref: { path: `comments/c${i}` } }));
    const edits = ['0', '1'].map((id) => ({ ref: { path: `posts/p1/edits/${id}` } }));
    jest
      .mocked(getDocs)
      .mockReset()
      .mockResolvedValueOnce({ docs: comments } as never)
      .mockResolvedValueOnce({ docs: edits } as never);
    await deletePost({ postId: 'p1', uid: ME, postImage: 'https://files/1.png' });

    expect(jest.mocked(getDocs).mock.calls.map(([ref]) => ref)).toEqual([
      { path: 'comments', constraints: [['where', 'postId', '==', 'p1']] },
      { path: 'posts/p1/edits' },
    ]);
    const sizes = firestore.__commits.map((ops) => ops.length);
    expect(sizes).toEqual([10, 10, 3, 6]);
    expect(firestore.__commits.slice(0, 3).flat()).toEqual(
      comments.map((c) => ['delete', c.ref.path]),
    );
    // The history goes in the post's own batch: the rules let it go only with its post.
    expect(firestore.__commits[3]).toEqual([
      ['delete', 'posts/p1'],
      ['delete', 'explorePosts/p1'],
      ['set', 'deletedPosts/p1', { uid: ME, deletedAt: 'SERVER_TIME' }],
      ['update', `usersData/${ME}`, { posts: { arrayRemove: ['p1'] } }],
      ['delete', 'posts/p1/edits/0'],
      ['delete', 'posts/p1/edits/1'],
    ]);
    expect(deleteObject).toHaveBeenCalledWith({ ref: 'https://files/1.png' });
    expect(readOwnPostWrites().deleted).toEqual(new Set(['p1']));
  });

  it('offline, reads the comments only once the browser is online again', async () => {
    let online = false;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    jest
      .mocked(getDocs)
      .mockClear()
      .mockResolvedValue({ docs: [] } as never);
    const deleting = deletePost({ postId: 'p3', uid: ME, postImage: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getDocs).not.toHaveBeenCalled();
    expect(firestore.__commits).toEqual([]);
    online = true;
    window.dispatchEvent(new Event('online'));
    await deleting;
    expect(getDocs).toHaveBeenCalledTimes(2);
    expect(firestore.__commits).toHaveLength(1);
    jest.restoreAllMocks();
  });

  it('deletes every size of the photo: the display image and its thumbnail', async () => {
    jest.mocked(getDocs).mockResolvedValue({ docs: [] } as never);
    await deletePost({
      postId: 'p2',
      uid: ME,
      postImage: 'https://files/2.jpg',
      postThumbnail: 'https://files/2-thumbnail.jpg',
    });
    expect(jest.mocked(deleteObject).mock.calls).toEqual([
      [{ ref: 'https://files/2.jpg' }],
      [{ ref: 'https://files/2-thumbnail.jpg' }],
    ]);
  });

  it('deletes every size of every photo of a post of several', async () => {
    jest.mocked(getDocs).mockResolvedValue({ docs: [] } as never);
    const files = (suffix: string) => [1, 2, 3].map((n) => `https://files/${n}${suffix}.jpg`);
    await deletePost({
      postId: 'p4',
      uid: ME,
      postImage: 'https://files/1.jpg',
      postThumbnail: 'https://files/1-t.jpg',
      photos: {
        images: files(''),
        thumbnails: files('-t'),
        widths: [10, 10, 10],
        heights: [10, 10, 10],
        alts: [null, null, null],
      },
    });
    expect(jest.mocked(deleteObject).mock.calls.map(([ref]) => ref)).toEqual(
      ['1', '1-t', '2', '3', '2-t', '3-t'].map((name) => ({ ref: `https://files/${name}.jpg` })),
    );
  });

  it('deletes no file for a text post and stops before the post when a comment batch fails', async () => {
    jest
      .mocked(getDocs)
      .mockReset()
      .mockResolvedValue({ docs: [] } as never)
      .mockResolvedValueOnce({ docs: [{ ref: { path: 'comments/c1' } }] } as never)
      .mockResolvedValueOnce({ docs: [{ ref: { path: 'comments/c1' } }] } as never);
    firestore.__failNextCommit(new Error('unavailable'));
    await expect(deletePost({ postId: 'p1', uid: ME, postImage: null })).rejects.toThrow();
    expect(firestore.__commits).toEqual([]);

    await deletePost({ postId: 'p1', uid: ME, postImage: null });
    expect(firestore.__commits).toHaveLength(2);
    expect(deleteObject).not.toHaveBeenCalled();
  });
});
