// Every member-facing message the specs check, each from the team whose screens show it: the tests
// read exactly what the product writes.
import { AUTH_MESSAGES } from 'mfe-auth/src/messages';
import { FEED_MESSAGES } from 'mfe-feed/src/messages';
import { PROFILE_MESSAGES } from 'mfe-profile/src/messages';
import { MESSAGES as SHARED_MESSAGES } from 'shared-firebase/testing/messages';

export const MESSAGES = {
  ...SHARED_MESSAGES,
  ...AUTH_MESSAGES,
  ...FEED_MESSAGES,
  ...PROFILE_MESSAGES,
};
