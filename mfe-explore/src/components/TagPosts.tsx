import { useCallback, useMemo } from 'react';
import { lifecyclesOf, RemoteParcel } from 'shared-ui';
import type { RemoteAppProps, RemoteLifecycles, RemoteParcelProps, RetryOptions } from 'shared-ui';
// Types mfe-feed's build exposes, fetched by Module Federation's type consumption into
// @mf-types/ at type-check time (docs/CONTRACT.md): a change there fails this remote's typecheck.
import type { TagPostListProps } from 'feed/tag-post-list';

/** The tag post list mfe-feed exposes for other remotes (newest first, paged, live). */
export const TAG_POST_LIST_MODULE = 'feed/tag-post-list';

export interface TagPostsProps {
  tag: string;
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
  /** Only where no single-spa parcel context exists (tests); inside the remote the context's. */
  mountParcel?: RemoteParcelProps<TagPostListProps>['mountParcel'];
  retry?: RetryOptions;
}

/**
 * The posts with the tag, mounted at run time from mfe-feed's exposed tag post list (the same
 * cards as the feed). If feed cannot be loaded, this area alone shows its fallback with Retry.
 */
export function TagPosts({ tag, loadRemoteModule, mountParcel, retry }: TagPostsProps) {
  const load = useCallback(async (): Promise<RemoteLifecycles<TagPostListProps>> => {
    if (!loadRemoteModule) throw new Error('No remote loader was passed to this remote.');
    return lifecyclesOf<TagPostListProps>(
      await loadRemoteModule(TAG_POST_LIST_MODULE),
      TAG_POST_LIST_MODULE,
    );
  }, [loadRemoteModule]);
  const parcelProps = useMemo(() => ({ tag }), [tag]);
  return (
    <RemoteParcel<TagPostListProps>
      // Another tag is another list: remount rather than rely on the parcel following a prop.
      key={tag}
      label="The tag's posts"
      load={load}
      parcelProps={parcelProps}
      mountParcel={mountParcel}
      {...(retry ? { retry } : {})}
    />
  );
}
