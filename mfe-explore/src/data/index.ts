// The explore remote's data calls: the grid's photo posts. Component tests fake this module
// (testing/dataFake.ts); the query's own test checks it against the SDK.
export { useExplorePosts, EXPLORE_PAGE_SIZE } from './explore';
