import type { deletePost as deleteNow } from './postWrites';

/**
 * Deleting a post, its code fetched on first use: a list of posts (the feed, the profile's) does
 * not carry the writes it rarely makes. A failed fetch rejects like a failed delete.
 */
export async function deletePost(...args: Parameters<typeof deleteNow>): Promise<void> {
  const { deletePost: remove } = await import('./postWrites');
  return remove(...args);
}
