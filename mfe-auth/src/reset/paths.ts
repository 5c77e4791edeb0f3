import REMOTES from 'remote-list/remotes.json';

/** Where "Forgot password?" leads, and where a reset link's code is used (remotes.json). */
export const RESET_PASSWORD_PATH = REMOTES.auth.routes.resetPassword.path;
