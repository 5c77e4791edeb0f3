import { useCallback, useMemo } from 'react';
import { lifecyclesOf, RemoteParcel } from 'shared-ui';
import type { RemoteAppProps, RemoteLifecycles, RemoteParcelProps, RetryOptions } from 'shared-ui';
// Types mfe-feed's build exposes, fetched by Module Federation's type consumption into
// @mf-types/ at type-check time (docs/CONTRACT.md): a change there fails this remote's typecheck.
import type { AuthorPostListProps } from 'feed/post-list';

/** The post list mfe-feed exposes for other remotes (newest first, paged, 'No Posts'). */
export const POST_LIST_MODULE = 'feed/post-list';

/** The props of feed's `./post-list`, exactly as feed declares them. */
export type PostListProps = AuthorPostListProps;

export interface ProfilePostsProps {
  authorUid: string;
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
  /** Only where no single-spa parcel context exists (tests); inside the remote the context's. */
  mountParcel?: RemoteParcelProps<PostListProps>['mountParcel'];
  retry?: RetryOptions;
}

/**
 * Starts fetching feed's post list (its manifest, entry and chunks) while the profile's own
 * documents are read, rather than after them: the first post's photo is the page's largest paint,
 * and it waits for both. Only a head start: a failure is left to the post list's own load and
 * retry, which share the federation runtime's requests.
 */
export function preloadPostList(loadRemoteModule: RemoteAppProps['loadRemoteModule']): void {
  loadRemoteModule?.(POST_LIST_MODULE).catch(() => undefined);
}

/**
 * The member's posts, mounted at run time from mfe-feed's exposed post list. If feed cannot be
 * loaded, this area alone shows its fallback with a Retry button.
 */
export function ProfilePosts({
  authorUid,
  loadRemoteModule,
  mountParcel,
  retry,
}: ProfilePostsProps) {
  const load = useCallback(async (): Promise<RemoteLifecycles<PostListProps>> => {
    if (!loadRemoteModule) throw new Error('No remote loader was passed to this remote.');
    return lifecyclesOf<PostListProps>(await loadRemoteModule(POST_LIST_MODULE), POST_LIST_MODULE);
  }, [loadRemoteModule]);
  const parcelProps = useMemo(() => ({ authorUid }), [authorUid]);

  return (
    <section aria-labelledby="profile-posts-heading">
      <h2 id="profile-posts-heading" className="profile-section-title">
        Posts
      </h2>
      <RemoteParcel<PostListProps>
        // A new member is a new list: remount rather than rely on the parcel following a prop.
        key={authorUid}
        label="The post list"
        load={load}
        parcelProps={parcelProps}
        mountParcel={mountParcel}
        {...(retry ? { retry } : {})}
      />
    </section>
  );
}
