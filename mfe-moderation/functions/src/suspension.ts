// Marks a suspended member's content so every reader hides it from everyone else, and takes the
// mark off again when the suspension is lifted (docs/DATA_MODEL.md "Suspended members"). A member
// may have thousands of documents: each kind is read a page at a time through an index, and each
// page is one transaction that also advances `suspensions/{uid}`, so a run that dies resumes after
// the last page committed, and any number of runs agree.
import {
  FieldPath,
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  ACTIVITY_ITEMS,
  AUTHOR_SUSPENDED,
  COLLECTIONS,
  SUSPENDED_REPLIERS,
  SERVER_COLLECTIONS,
} from 'shared-firebase/server';

/** Documents read and written per page (one transaction, well within 500 writes). */
export const SUSPENSION_PAGE_SIZE = 200;

/**
 * The profile codebase's index of who replied where (`repliesByMember/{uid}/comments/{commentId}`):
 * replies live inside their comment, and no query finds a map in a list by one of its fields.
 */
const REPLIES_BY_MEMBER = 'repliesByMember';

/** The kinds of content marked, in the order a run goes through them (the profile first). */
export const SUSPENSION_STEPS = [
  'member',
  'posts',
  'explorePosts',
  'comments',
  'replies',
  'activity',
] as const;
type Step = (typeof SUSPENSION_STEPS)[number];

/** `suspensions/{uid}`, written by this function only. */
export interface SuspensionProgress {
  uid: string;
  /** The state the content is brought to: marked (suspended) or not. */
  suspended: boolean;
  /** The step running; `done` when every step is. */
  step: Step | 'done';
  /** The path of the last document of the step done; null before its first page. */
  cursor: string | null;
}

/** The query of one step's documents (every one of them, marked or not), in document id order. */
function stepQuery(db: Firestore, uid: string, step: Exclude<Step, 'member'>): Query {
  switch (step) {
    case 'posts':
      return db.collection(COLLECTIONS.posts).where('uid', '==', uid);
    case 'explorePosts':
      return db.collection(COLLECTIONS.explorePosts).where('uid', '==', uid);
    case 'comments':
      return db.collection(COLLECTIONS.comments).where('userId', '==', uid);
    case 'replies':
      return db.collection(`${REPLIES_BY_MEMBER}/${uid}/comments`);
    case 'activity':
      return db.collectionGroup(ACTIVITY_ITEMS).where('actor', '==', uid);
  }
}

/** The write that brings one document's own mark to the state. */
const ownMark = (suspended: boolean) => ({
  [AUTHOR_SUSPENDED]: suspended ? true : FieldValue.delete(),
});

/** The step after `step`, or `done`. */
function nextStep(step: Step): Step | 'done' {
  return SUSPENSION_STEPS[SUSPENSION_STEPS.indexOf(step) + 1] ?? 'done';
}

/**
 * One page of the step in `progress`, in the transaction: its documents brought to the state
 * (only those not there yet are written), and the progress moved on. Returns the writes made.
 */
async function markPage(
  db: Firestore,
  transaction: Transaction,
  progress: SuspensionProgress,
  progressRef: DocumentReference,
  pageSize: number,
): Promise<number> {
  const { uid, suspended } = progress;
  const step = progress.step as Step;
  if (step === 'member') {
    const member = db.doc(`${COLLECTIONS.usersData}/${uid}`);
    const snapshot = await transaction.get(member);
    const write = snapshot.exists && (snapshot.get(AUTHOR_SUSPENDED) === true) !== suspended;
    if (write) transaction.update(member, ownMark(suspended));
    transaction.update(progressRef, { step: nextStep(step), cursor: null });
    return write ? 1 : 0;
  }
  let query = stepQuery(db, uid, step).orderBy(FieldPath.documentId()).limit(pageSize);
  if (progress.cursor !== null) query = query.startAfter(db.doc(progress.cursor));
  const page = (await transaction.get(query)).docs;
  let writes = 0;
  if (step === 'replies') {
    // The index may name a comment deleted since: only those that exist are written.
    const comments = page.length
      ? await transaction.getAll(
          ...page.map((entry) => db.doc(`${COLLECTIONS.comments}/${entry.id}`)),
        )
      : [];
    for (const comment of comments) {
      if (!comment.exists) continue;
      const listed = (comment.get(SUSPENDED_REPLIERS) ?? []) as unknown[];
      if (listed.includes(uid) === suspended) continue;
      transaction.update(comment.ref, {
        [SUSPENDED_REPLIERS]: suspended ? FieldValue.arrayUnion(uid) : FieldValue.arrayRemove(uid),
      });
      writes += 1;
    }
  } else {
    for (const document of page) {
      if ((document.get(AUTHOR_SUSPENDED) === true) === suspended) continue;
      transaction.update(document.ref, ownMark(suspended));
      writes += 1;
    }
  }
  const last = page.at(-1);
  transaction.update(
    progressRef,
    page.length < pageSize
      ? { step: nextStep(step), cursor: null }
      : { cursor: last ? last.ref.path : progress.cursor },
  );
  return writes;
}

/**
 * Brings every document of the member's to `suspended`: their profile, posts, explore entries,
 * comments, replies (through the reply index) and the activity items they caused. The state is
 * recorded first, and every run follows the state recorded, not its own: a suspension lifted
 * while its marks are still being written turns a run still going towards unmarking, so two runs
 * never undo each other's pages, and the later action's state is where all of them end.
 */
export async function markMemberContent(
  db: Firestore,
  uid: string,
  suspended: boolean,
  pageSize: number = SUSPENSION_PAGE_SIZE,
): Promise<{ pages: number; written: number }> {
  const progressRef = db.doc(`${SERVER_COLLECTIONS.suspensions}/${uid}`);
  await db.runTransaction(async (transaction) => {
    const progress = (await transaction.get(progressRef)).data() as SuspensionProgress | undefined;
    if (progress?.suspended === suspended) return;
    const start: SuspensionProgress = { uid, suspended, step: SUSPENSION_STEPS[0], cursor: null };
    transaction.set(progressRef, start);
  });
  const result = { pages: 0, written: 0 };
  for (;;) {
    const written = await db.runTransaction(async (transaction) => {
      const progress = (await transaction.get(progressRef)).data() as
        SuspensionProgress | undefined;
      if (!progress || progress.step === 'done') return null;
      return markPage(db, transaction, progress, progressRef, pageSize);
    });
    if (written === null) return result;
    result.pages += 1;
    result.written += written;
  }
}
