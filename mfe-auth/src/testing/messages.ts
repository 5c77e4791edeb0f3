import { MESSAGES as SHARED_MESSAGES } from 'shared-firebase/session';
import { AUTH_MESSAGES } from '../messages';

/** Every message the auth screens show, for tests that check what a member reads. */
export const MESSAGES = { ...SHARED_MESSAGES, ...AUTH_MESSAGES };
