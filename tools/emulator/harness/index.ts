/**
 * Drives the emulator from outside, for the tests and the benches: the emulator in-process with
 * the real firebase browser SDK in headless Chromium (`startStack`), the Auth emulator's unsigned
 * ID tokens (`idToken`). The raw WebChannel/REST client is `raw-wire.ts`. See README.md here.
 */
export {
  startStack,
  type Stack,
  type StackOptions,
  type HarnessClient,
  type ClientOptions,
  type PageFirebase,
  CHROMIUM_LAUNCH_OPTIONS,
} from './stack';
export { idToken } from './id-token';
