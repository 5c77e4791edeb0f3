import type { PagedQuery, UserData } from 'shared-firebase';
import { EmptyState, LoadFailure, Spinner, useOnVisible } from 'shared-ui';
import { MemberEntry } from './MemberEntry';

export interface MemberListProps {
  /** Already in display order (the reverse of the fetch order, see README.md). */
  members: PagedQuery<UserData>;
  /** The list's accessible name: all members, or a search's results. */
  label: string;
  /** Shown when the list has no entry. */
  emptyText: string;
}

/**
 * The member list. The last entry is the infinite-scroll trigger: when it scrolls into view the
 * next page is read. A freshly loaded page brings a new last entry, which is observed afresh.
 */
export function MemberList({ members, label, emptyText }: MemberListProps) {
  const { items, status, hasMore, loadingMore, loadMore, loadMoreError, retry } = members;
  const lastEntryRef = useOnVisible<HTMLLIElement>(loadMore);

  if (status === 'loading') return <Spinner label="Loading members…" />;
  if (status === 'error') {
    return <LoadFailure message="Members could not be loaded." onRetry={retry} />;
  }
  if (items.length === 0) return <EmptyState>{emptyText}</EmptyState>;

  return (
    <>
      <ul className="ui-list ui-card" aria-label={label}>
        {items.map((member, index) => (
          <li
            key={member.id}
            className="ui-list__entry"
            ref={hasMore && index === items.length - 1 ? lastEntryRef : undefined}
          >
            <MemberEntry
              uid={member.id}
              name={member.userInfo.userName}
              picture={member.profilePictures}
            />
          </li>
        ))}
      </ul>
      {loadingMore && <Spinner label="Loading more members…" />}
      {loadMoreError ? (
        <LoadFailure message="More members could not be loaded." onRetry={retry} />
      ) : null}
    </>
  );
}
