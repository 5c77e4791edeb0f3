export function PostPage() {
  return (
    <section className="ui-page">
      <h1>Post</h1>
    </section>
  );
}
