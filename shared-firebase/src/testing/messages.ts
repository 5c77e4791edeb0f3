// The messages several teams show, for tests outside the package (e2e) that check what a member
// reads, without loading the session code the `shared-firebase/session` entry brings. Each team's
// own messages are in its folder (`mfe-<team>/src/messages.ts`).
export { MESSAGES } from '../messages';
