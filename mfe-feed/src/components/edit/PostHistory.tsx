import { useState } from 'react';
import { LoadFailure, RelativeTime, Spinner } from 'shared-ui';
import type { PostEdit, WithId } from 'shared-firebase';
import { usePostEdits } from '../../data';

export interface PostHistoryProps {
  postId: string;
  /** A photo post: each version says what its photos' descriptions were. */
  hasPhoto: boolean;
}

/** A description as a version held it: its text, or "none". */
function AltText({ alt }: { alt: string | null | undefined }) {
  return <>{alt ?? <span className="feed-history__none">none</span>}</>;
}

/**
 * What the version's photos were described as: one line for a post of one photo, one per photo
 * for a post of several (entries older than the list of descriptions say the first only).
 */
function VersionAlts({ version }: { version: WithId<PostEdit> }) {
  const others = version.photoAlts;
  if (!others || others.length < 2) {
    return (
      <p className="feed-history__alt">
        <span className="feed-history__label">Photo description: </span>
        <AltText alt={version.postImageAlt} />
      </p>
    );
  }
  const alts = [version.postImageAlt, ...others.slice(1)];
  return (
    <ul className="feed-history__alts">
      {alts.map((alt, index) => (
        <li key={index} className="feed-history__alt">
          <span className="feed-history__label">Photo {index + 1} description: </span>
          <AltText alt={alt} />
        </li>
      ))}
    </ul>
  );
}

function Version({
  version,
  original,
  hasPhoto,
}: {
  version: WithId<PostEdit>;
  original: boolean;
  hasPhoto: boolean;
}) {
  return (
    <li className="feed-history__version">
      <p className="feed-history__when">
        {original ? 'Original' : 'Edited version'},{' '}
        <RelativeTime time={version.versionAt.toDate()} focusable={false} />
      </p>
      <p className="feed-history__text">
        {version.postCaption ?? <span className="feed-history__none">No caption</span>}
      </p>
      {hasPhoto ? <VersionAlts version={version} /> : null}
    </li>
  );
}

/**
 * A post's earlier versions, most recent first, each with when it was written; the last is the
 * post as first published. Anyone who sees the post sees them: an edit cannot quietly change what
 * people liked or answered. Texts are shown as text, never as markup.
 */
export function PostHistory(props: PostHistoryProps) {
  // A new key remounts the list's subscription: Retry reads it again.
  const [attempt, setAttempt] = useState(0);
  return <VersionList key={attempt} {...props} onRetry={() => setAttempt((count) => count + 1)} />;
}

function VersionList({ postId, hasPhoto, onRetry }: PostHistoryProps & { onRetry: () => void }) {
  const result = usePostEdits(postId);
  if (result.status === 'loading') return <Spinner label="Loading earlier versions…" />;
  if (result.status === 'error') {
    return <LoadFailure message="The earlier versions could not be loaded." onRetry={onRetry} />;
  }
  const versions = result.items;
  return (
    <section className="feed-history" aria-label="Earlier versions">
      <h2 className="feed-history__title">Earlier versions</h2>
      {versions.length === 0 ? (
        <p className="feed-history__none">No earlier versions yet.</p>
      ) : (
        <ol className="feed-history__list">
          {versions.map((version, index) => (
            <Version
              key={version.id}
              version={version}
              original={index === versions.length - 1}
              hasPhoto={hasPhoto}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
