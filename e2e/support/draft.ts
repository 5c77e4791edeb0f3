import type { Page } from '@playwright/test';

/** What the e2e tests read of the composer's draft in the page's IndexedDB. */
export interface StoredDraft {
  caption: string;
  photos: Array<{ alt: string }>;
  mentions?: Array<{ uid: string; name: string }>;
}

/** The composer's draft of `uid` as the feed keeps it in the page's IndexedDB, or null for none. */
export function storedDraft(page: Page, uid: string): Promise<StoredDraft | null> {
  return page.evaluate(
    (key) =>
      new Promise<StoredDraft | null>((resolve, reject) => {
        const open = indexedDB.open('feed-composer');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('drafts').objectStore('drafts').get(key);
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const draft = read.result as StoredDraft | undefined;
            // Only what is compared: a File does not cross back from the page.
            resolve(
              draft
                ? {
                    caption: draft.caption,
                    photos: draft.photos.map((photo) => ({ alt: photo.alt })),
                    mentions: draft.mentions,
                  }
                : null,
            );
          };
        };
      }),
    uid,
  );
}
