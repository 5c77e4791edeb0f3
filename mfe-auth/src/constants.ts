/** Firebase Auth's shortest password (it refuses shorter ones with auth/weak-password). */
export const PASSWORD_MIN_LENGTH = 6;
