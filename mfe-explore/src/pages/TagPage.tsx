import { Navigate, useParams } from 'react-router-dom';
import { EmptyState, normaliseTag, type RemoteAppProps } from 'shared-ui';
import { TagPosts } from '../components/TagPosts';
import { tagPath } from '../paths';

export interface TagPageProps {
  loadRemoteModule: RemoteAppProps['loadRemoteModule'];
}

/**
 * `/tags/:tag`: the posts with a tag, newest first. A tag written another way ("/tags/Weekend")
 * opens its normalised page; a path that is no tag says so.
 */
export function TagPage({ loadRemoteModule }: TagPageProps) {
  const written = useParams().tag ?? '';
  const tag = normaliseTag(written);
  if (tag !== null && tag !== written) return <Navigate replace to={tagPath(tag)} />;
  return (
    <section className="ui-page explore-tag-page" aria-labelledby="tag-heading">
      <h1 id="tag-heading" className="explore-tag-page__heading">
        #{tag ?? written}
      </h1>
      {tag === null ? (
        <EmptyState>
          “{written}” is not a tag: a tag has letters, and digits or _ beside them.
        </EmptyState>
      ) : (
        <TagPosts tag={tag} loadRemoteModule={loadRemoteModule} />
      )}
    </section>
  );
}
