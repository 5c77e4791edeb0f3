import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS, replyKey, type ModerationCase, type Report } from 'shared-firebase/server';
import { caseWithReport, type CaseFromReport } from './cases';

/** Who wrote the reported thing, what it says and its picture, as it is now (null when gone). */
interface ReportedContent {
  authorUid: string | null;
  text: string | null;
  image: string | null;
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

async function contentOf(
  db: Firestore,
  transaction: FirebaseFirestore.Transaction,
  report: Report,
): Promise<ReportedContent> {
  const gone: ReportedContent = { authorUid: null, text: null, image: null };
  if (report.kind === 'post') {
    const post = (await transaction.get(db.doc(`${COLLECTIONS.posts}/${report.targetId}`))).data();
    if (!post) return gone;
    return {
      authorUid: textOrNull(post.uid),
      text: textOrNull(post.postCaption),
      image: textOrNull(post.postThumbnail) ?? textOrNull(post.postImage),
    };
  }
  if (report.kind === 'member') {
    const member = (
      await transaction.get(db.doc(`${COLLECTIONS.usersData}/${report.targetId}`))
    ).data();
    return {
      authorUid: report.targetId,
      text: textOrNull(member?.userInfo?.userName),
      image: textOrNull(member?.profilePictures?.profilePicture),
    };
  }
  const comment = (
    await transaction.get(db.doc(`${COLLECTIONS.comments}/${report.targetId}`))
  ).data();
  if (!comment) return gone;
  if (report.kind === 'comment') {
    return {
      authorUid: textOrNull(comment.userId),
      text: textOrNull(comment.comment),
      image: null,
    };
  }
  const replies: unknown[] = Array.isArray(comment.replies) ? comment.replies : [];
  const reply = replies.find(
    (entry): entry is { userId: unknown; reply: unknown } =>
      typeof entry === 'object' &&
      entry !== null &&
      replyKey(entry as { userId: unknown; reply: unknown }) === report.replyId,
  );
  return reply
    ? { authorUid: textOrNull(reply.userId), text: textOrNull(reply.reply), image: null }
    : gone;
}

/**
 * Counts one report into its case (`moderationCases/{targetKey}`), once: the report is marked
 * `gatheredAt` in the same transaction, so a second delivery of the event changes nothing. A
 * report of a thing a moderator already removed, or whose author is suspended, learns that
 * outcome at once.
 */
export async function gatherReport(db: Firestore, reportId: string): Promise<void> {
  await db.runTransaction(async (transaction) => {
    const reportRef = db.doc(`${COLLECTIONS.reports}/${reportId}`);
    const report = (await transaction.get(reportRef)).data() as Report | undefined;
    if (!report || report.gatheredAt) return;
    const caseRef = db.doc(`${COLLECTIONS.moderationCases}/${report.targetKey}`);
    const before = (await transaction.get(caseRef)).data() as ModerationCase | undefined;
    const content = await contentOf(db, transaction, report);
    const next: CaseFromReport = caseWithReport(before ?? null, report);
    const latestAt = (report.createdAt as Timestamp | null) ?? FieldValue.serverTimestamp();
    transaction.set(caseRef, {
      ...next,
      // A thing already removed keeps what the moderator saw.
      ...(content.authorUid === null && before ? {} : content),
      latestAt,
    });
    transaction.update(reportRef, {
      gatheredAt: FieldValue.serverTimestamp(),
      ...(next.status === 'open'
        ? {}
        : { outcome: next.status, outcomeAt: FieldValue.serverTimestamp() }),
    });
  });
}
