/** How long a status message stays on screen (SPEC section 9). */
export const STATUS_MESSAGE_MS = 3000;
