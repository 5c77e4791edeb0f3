export { compileAggregationQuery } from './aggregation';
export { compileQuery } from './query';
export { decodeWrites } from './writes';
