// The members remote's data calls: the member list and member search. Component tests fake this
// module (testing/dataFake.ts); each query's own test checks it against the SDK.
export { useMembers, MEMBERS_PAGE_SIZE } from './members';
export { useMemberSearch, MEMBER_SEARCH_DEBOUNCE_MS } from './search';
