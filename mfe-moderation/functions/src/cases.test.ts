import type { Report } from 'shared-firebase/server';
import { caseWithReport, postFilePath, postFilePaths, statusAfter } from './cases';

const report = (fields: Partial<Report> = {}): Report => ({
  reporterUid: 'ann',
  kind: 'post',
  targetId: 'p1',
  replyId: null,
  postId: null,
  targetKey: 'post_p1',
  reason: 'spam',
  note: null,
  createdAt: null,
  ...fields,
});

describe('caseWithReport', () => {
  it('opens a case with the first report', () => {
    expect(caseWithReport(null, report())).toEqual({
      targetKey: 'post_p1',
      kind: 'post',
      targetId: 'p1',
      replyId: null,
      postId: null,
      count: 1,
      reasons: { spam: 1 },
      status: 'open',
    });
  });

  it('adds each further report and its reason', () => {
    const first = caseWithReport(null, report());
    const second = caseWithReport(first, report({ reporterUid: 'bob', reason: 'hate' }));
    const third = caseWithReport(second, report({ reporterUid: 'cy' }));
    expect(third).toMatchObject({ count: 3, reasons: { spam: 2, hate: 1 }, status: 'open' });
  });

  it('opens a dismissed case again, and keeps a removal or a suspension closed', () => {
    const first = caseWithReport(null, report());
    expect(caseWithReport({ ...first, status: 'dismissed' }, report()).status).toBe('open');
    expect(caseWithReport({ ...first, status: 'removed' }, report()).status).toBe('removed');
    expect(caseWithReport({ ...first, status: 'suspended' }, report()).status).toBe('suspended');
  });
});

describe('statusAfter', () => {
  it('closes the case by the action, and an unsuspension waits for a decision again', () => {
    expect(statusAfter('dismiss')).toBe('dismissed');
    expect(statusAfter('remove')).toBe('removed');
    expect(statusAfter('suspend')).toBe('suspended');
    expect(statusAfter('unsuspend')).toBe('open');
  });
});

describe('postFilePath', () => {
  const emulatorUrl = (path: string) =>
    `http://127.0.0.1:9199/v0/b/demo.appspot.com/o/${encodeURIComponent(path)}?alt=media&token=t`;

  it('reads the path of the author’s own post file from a download URL', () => {
    expect(postFilePath(emulatorUrl('bob/posts/a.jpg'), 'bob')).toBe('bob/posts/a.jpg');
    expect(
      postFilePath(
        'https://firebasestorage.googleapis.com/v0/b/x.appspot.com/o/bob%2Fposts%2Fb.png?alt=media',
        'bob',
      ),
    ).toBe('bob/posts/b.png');
  });

  it('refuses another member’s file, another folder, a deeper path or no URL', () => {
    expect(postFilePath(emulatorUrl('ann/posts/a.jpg'), 'bob')).toBeNull();
    expect(postFilePath(emulatorUrl('bob/pfps/a.jpg'), 'bob')).toBeNull();
    expect(postFilePath(emulatorUrl('bob/posts/x/../../ann/a.jpg'), 'bob')).toBeNull();
    expect(postFilePath('https://example.com/bob/posts/a.jpg', 'bob')).toBeNull();
    expect(postFilePath(null, 'bob')).toBeNull();
  });

  it('lists every file of an album once', () => {
    const a = emulatorUrl('bob/posts/a.jpg');
    const at = emulatorUrl('bob/posts/a-t.jpg');
    const b = emulatorUrl('bob/posts/b.jpg');
    expect(
      postFilePaths(
        { postImage: a, postThumbnail: at, photos: { images: [a, b], thumbnails: [at] } },
        'bob',
      ),
    ).toEqual(['bob/posts/a.jpg', 'bob/posts/a-t.jpg', 'bob/posts/b.jpg']);
  });
});
