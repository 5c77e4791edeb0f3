export { compileAggregationQuery } from './aggregation';
export { CommitEncoding, resumeTokenFor, wireDocument } from './encoding';
export { compileQuery } from './query';
export { decodeWrites } from './writes';
