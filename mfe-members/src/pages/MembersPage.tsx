export function MembersPage() {
  return (
    <section className="ui-page">
      <h1>Members</h1>
    </section>
  );
}
