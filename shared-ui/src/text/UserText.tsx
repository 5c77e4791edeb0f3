import { Fragment, useMemo } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { shortenAddress, splitLinks, splitMentions } from './links';
import type { MentionedMember } from './links';

export interface UserTextProps {
  /** What a member wrote: a caption, a comment, a reply, an about text. */
  text: string;
  /**
   * The tag page's route pattern, `REMOTES.explore.routes.tag.path` of remote-list/remotes.json
   * (which this package, the bottom layer, does not import): each tag links to it.
   */
  tagRoute: string;
  /**
   * The members the text's stored `mentions` names, with their names now: each `@name` of one of
   * them leads to their profile. Text without stored mentions has none.
   */
  mentions?: readonly MentionedMember[];
}

const NO_MENTIONS: readonly MentionedMember[] = [];

/** Where a member's link leads is theirs, not ours: no referrer, no ranking credit, no opener. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

/**
 * A member's text as React text nodes, its http(s) addresses as links that open in a new tab
 * (splitLinks), its hashtags as links to the tag's page in this tab (so it needs a router). A long
 * address shows its beginning and an ellipsis; its accessible name is all of it (so the name
 * starts with what is shown) and its tooltip the address as written. A mention (`@name` of a
 * member in `mentions`) leads to that member's profile within the app. Never parsed as HTML.
 */
export function UserText({ text, tagRoute, mentions = NO_MENTIONS }: UserTextProps) {
  const parts = useMemo(() => splitMentions(splitLinks(text), mentions), [text, mentions]);
  return (
    <>
      {parts.map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
        if (part.kind === 'tag') {
          return (
            <Link
              key={index}
              className="ui-user-link"
              to={generatePath(tagRoute, { tag: part.tag })}
            >
              {part.text}
            </Link>
          );
        }
        if (part.kind === 'mention') {
          return (
            <Link
              key={index}
              className="ui-user-link ui-mention-link"
              to={`/profile/${encodeURIComponent(part.uid)}`}
            >
              {part.text}
            </Link>
          );
        }
        const { shown, rest } = shortenAddress(part.text);
        return (
          <a
            key={index}
            className="ui-user-link"
            href={part.href}
            target="_blank"
            rel={USER_LINK_REL}
            title={part.text}
            aria-label={rest ? shown + rest : undefined}
          >
            {rest ? `${shown}…` : shown}
          </a>
        );
      })}
    </>
  );
}
