export { compileQuery } from './query';
export { decodeWrites } from './writes';
