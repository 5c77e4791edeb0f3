// The moderation remote's data calls: the queue, a case's log, a moderator's action and the
// member's own reports. Component tests fake this module (testing/dataFake.ts).
export { useCases, useCaseLog, actOnCase, useMyReports, CASES_SHOWN } from './moderation';
export type { CaseView } from './moderation';
