/**
 * What the tests take from the harness (../../harness, shared with the benches), and the jest-only
 * helper that shares one stack per test file. See ../../harness/README.md.
 */
export {
  startStack,
  idToken,
  type Stack,
  type StackOptions,
  type HarnessClient,
  type ClientOptions,
  type PageFirebase,
  CHROMIUM_LAUNCH_OPTIONS,
} from '../../harness';
export { stackForFile, type FileStack } from './stack-for-file';
