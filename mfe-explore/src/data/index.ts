// The explore remote's data calls: the grid's photo posts and the trending tags. Component tests
// fake this module (testing/dataFake.ts); each query's own test checks it against the SDK.
export { useExplorePosts, EXPLORE_PAGE_SIZE } from './explore';
export { useTrendingTags, topTags, TRENDING_SHOWN } from './trending';
