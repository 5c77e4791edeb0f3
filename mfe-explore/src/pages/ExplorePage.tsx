import { useExplorePosts } from '../data';
import { ExploreGrid } from '../components/ExploreGrid';
import { TrendingTags } from '../components/TrendingTags';

export function ExplorePage() {
  const photos = useExplorePosts();
  return (
    <section className="ui-page explore-page" aria-labelledby="explore-heading">
      <h1 id="explore-heading">Explore</h1>
      <TrendingTags />
      <ExploreGrid photos={photos} />
    </section>
  );
}
