import { FirestoreEngine, FirestoreError } from '../../src/firestore/engine';
import { authorizeFirestoreWrites, compileRules } from '../../src/rules';
import { viaWire } from '../engine/helpers';

const DB = 'projects/p/databases/(default)';
const RULES = compileRules(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /posts/{id} {
      allow create: if request.resource.data.createdAt == request.time;
    }
  }
}`);

describe('serverTimestamp() and request.time', () => {
  it('are equal for every commit, even when many commits share a millisecond', async () => {
    const engine = await FirestoreEngine.open({ dataDir: null });
    let denied = 0;
    for (let i = 0; i < 200; i += 1) {
      try {
        viaWire(engine).commit(
          DB,
          [
            {
              update: { name: `${DB}/documents/posts/p${i}`, fields: {} },
              updateTransforms: [{ fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' }],
            },
          ],
          {
            authorize: (planned, before, after, time) => {
              const denial = authorizeFirestoreWrites(
                RULES,
                { principal: { kind: 'anonymous' }, time, database: DB },
                planned,
                before,
                after,
              );
              if (denial) throw new FirestoreError(7, 'PERMISSION_DENIED', denial.message);
            },
          },
        );
      } catch {
        denied += 1;
      }
    }
    expect(denied).toBe(0);
    // Sub-millisecond commit times did occur, so the case above was really exercised.
    const times = viaWire(engine).runQuery(`${DB}/documents`, {
      from: [{ collectionId: 'posts' }],
    }).documents;
    expect(new Set(times.map((doc) => doc.updateTime.slice(0, 23))).size).toBeLessThan(200);
    await engine.close();
  });
});
