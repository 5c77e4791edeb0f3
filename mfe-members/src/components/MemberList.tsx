import type { PagedQuery, MemberCard } from 'shared-firebase';
import { InfiniteList } from 'shared-ui';
import { MemberEntry } from './MemberEntry';

export interface MemberListProps {
  /**
   * Already in display order (the reverse of the fetch order, see README.md), without the members
   * the viewer does not see (the data hooks leave them out).
   */
  members: PagedQuery<MemberCard>;
  /** The list's accessible name: all members, or a search's results. */
  label: string;
  /** Shown when the list has no entry. */
  emptyText: string;
}

const TEXT = {
  loading: 'Loading members…',
  failed: 'Members could not be loaded.',
  loadingMore: 'Loading more members…',
  moreFailed: 'More members could not be loaded.',
};

/** The member list, read page by page as its last entry scrolls into view. */
export function MemberList({ members, label, emptyText }: MemberListProps) {
  return (
    <InfiniteList
      list={members}
      text={{ ...TEXT, empty: emptyText }}
      label={label}
      className="ui-list ui-card"
      itemClassName="ui-list__entry"
    >
      {(member) => (
        <MemberEntry
          uid={member.id}
          name={member.userInfo.userName}
          picture={member.profilePictures}
        />
      )}
    </InfiniteList>
  );
}
