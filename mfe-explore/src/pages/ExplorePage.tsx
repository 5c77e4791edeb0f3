import { useExplorePosts } from '../data';
import { ExploreGrid } from '../components/ExploreGrid';

export function ExplorePage() {
  const photos = useExplorePosts();
  return (
    <section className="ui-page explore-page" aria-labelledby="explore-heading">
      <h1 id="explore-heading">Explore</h1>
      <ExploreGrid photos={photos} />
    </section>
  );
}
