/**
 * Browser test harness: the emulator in-process, the real firebase browser SDK in headless
 * Chromium. See README.md in this folder.
 */
export {
  startStack,
  type Stack,
  type StackOptions,
  type HarnessClient,
  type ClientOptions,
  type PageFirebase,
} from './stack';
export { stackForFile, type FileStack } from './stack-for-file';
export { sdkBundlePath } from './sdk-bundle';
export { idToken } from './id-token';
