export function EditProfilePage() {
  return (
    <section className="ui-page">
      <h1>Edit profile</h1>
    </section>
  );
}
