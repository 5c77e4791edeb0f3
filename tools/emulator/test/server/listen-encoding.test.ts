import type { StoredDocument } from '../../src/firestore/engine';
import { CommitEncoding, resumeTokenFor } from '../../src/firestore/protocol';
import { CommitChanges } from '../../src/firestore/server/listenTargets';

const DOCS = 'projects/p/databases/(default)/documents';
const readTime = '2024-05-01T10:00:00.123456Z';

function doc(id: string, text: string): StoredDocument {
  return {
    name: `${DOCS}/posts/${id}`,
    fields: { text: { stringValue: text } },
    createTime: '2024-05-01T09:00:00.000001Z',
    updateTime: readTime,
  };
}

describe('Listen messages encoded once per commit', () => {
  test('encode() yields the ListenResponse JSON of each change, with every target id', () => {
    const changed = doc('a', 'héllo "quoted" 👋');
    const changes = new CommitChanges();
    changes.leave('documentRemove', `${DOCS}/posts/old`, 2);
    changes.change(changed, 2);
    changes.change(changed, 4);
    changes.leave('documentDelete', `${DOCS}/posts/gone`, 4);
    const messages = changes.encode(new CommitEncoding(readTime)).map((json) => JSON.parse(json));
    expect(messages).toEqual([
      {
        documentRemove: { document: `${DOCS}/posts/old`, removedTargetIds: [2], readTime },
      },
      {
        documentDelete: { document: `${DOCS}/posts/gone`, removedTargetIds: [4], readTime },
      },
      {
        documentChange: {
          document: {
            name: changed.name,
            fields: changed.fields,
            createTime: changed.createTime,
            updateTime: changed.updateTime,
          },
          targetIds: [2, 4],
        },
      },
    ]);
  });

  test('the global targetChange that closes the snapshot carries readTime and resumeToken', () => {
    const encoding = new CommitEncoding(readTime);
    expect(JSON.parse(encoding.globalChange)).toEqual({
      targetChange: { readTime, resumeToken: resumeTokenFor(readTime) },
    });
  });
});
