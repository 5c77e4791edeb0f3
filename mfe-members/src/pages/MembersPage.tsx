import { useState } from 'react';
import { searchPrefixOf } from 'shared-firebase';
import { MEMBER_SEARCH_DEBOUNCE_MS, useMembers, useMemberSearch } from '../data';
import { MemberList } from '../components/MemberList';
import { MemberSearchField } from '../search/MemberSearchField';
import { useDebouncedValue } from '../search/useDebouncedValue';

/**
 * Every member (the first version's list, unchanged), or while something is typed in the search field the
 * members whose name starts with it. The full list stays subscribed during a search, so clearing
 * the field shows it again at once, where it was.
 */
export function MembersPage() {
  const [typed, setTyped] = useState('');
  const searched = useDebouncedValue(typed, MEMBER_SEARCH_DEBOUNCE_MS);
  const searching = searchPrefixOf(searched) !== '';
  const members = useMembers();
  const found = useMemberSearch(searched);
  return (
    <section className="ui-page" aria-labelledby="members-heading">
      <h1 id="members-heading">Members</h1>
      <MemberSearchField value={typed} onChange={setTyped} />
      {searching ? (
        <MemberList
          members={found}
          label={`Members whose name starts with “${searched.trim()}”`}
          emptyText={`No member’s name starts with “${searched.trim()}”`}
        />
      ) : (
        <MemberList members={members} label="All members" emptyText="No members yet" />
      )}
    </section>
  );
}
