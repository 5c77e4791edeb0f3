import { MESSAGES as SHARED_MESSAGES } from 'shared-firebase/session';
import { PROFILE_MESSAGES } from '../messages';

/** Every message the profile screens show, for tests that check what a member reads. */
export const MESSAGES = { ...SHARED_MESSAGES, ...PROFILE_MESSAGES };
