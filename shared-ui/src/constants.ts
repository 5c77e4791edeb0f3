/** How long a status message stays on screen (docs/PRODUCT.md "Constants"). */
export const STATUS_MESSAGE_MS = 3000;
