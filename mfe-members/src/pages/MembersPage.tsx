import { useMembers } from 'shared-firebase';
import { MemberList } from '../components/MemberList';

export function MembersPage() {
  const members = useMembers();
  return (
    <section className="ui-page" aria-labelledby="members-heading">
      <h1 id="members-heading">Members</h1>
      <MemberList members={members} />
    </section>
  );
}
