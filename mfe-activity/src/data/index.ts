// The activity remote's data calls: the member's activity and marking it read. Component tests
// fake this module (testing/dataFake.ts); each call's own test fakes the SDK under it.
export { useActivity, markActivityRead } from './activity';
