export function ProfilePage() {
  return (
    <section className="ui-page">
      <h1>Profile</h1>
    </section>
  );
}
