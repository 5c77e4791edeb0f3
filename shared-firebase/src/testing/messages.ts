// The member-facing messages for tests outside the package (e2e) that check what a member reads,
// without loading the session code the `shared-firebase/session` entry brings.
export { MESSAGES } from '../messages';
