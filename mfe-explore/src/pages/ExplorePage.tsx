export function ExplorePage() {
  return (
    <section className="ui-page">
      <h1>Explore</h1>
    </section>
  );
}
