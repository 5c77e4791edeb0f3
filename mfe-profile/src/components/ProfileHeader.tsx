import { Link } from 'react-router-dom';
// Only the tag page's path is read, so only it stays in the bundle.
import REMOTES from 'remote-list/remotes.json';
import { memberTag, profilePictureSources } from 'shared-firebase';
import type { MemberCard } from 'shared-firebase';
import { Avatar, Photo, UserText } from 'shared-ui';
import type { FollowStatus } from '../data';
import { FollowToggle } from './FollowButton';
import { ReportMember } from './ReportMember';
import { SafetyActions } from './SafetyActions';

export interface ProfileHeaderProps {
  profile: MemberCard;
  userId: string;
  /** The viewer; null while the session is unknown (no action shown). */
  me: string | null;
  /** Whether the viewer follows the member, live from the viewer's follow edge. */
  followStatus: FollowStatus;
  /** Reads the follow state again after a failed read. */
  onRetry: () => void;
  /** The viewer blocked the member: no follow action, only Unblock. */
  blocked?: boolean;
}

const AVATAR_SIZE = 120;

/** Cover (its box reserved before the image arrives), picture, name, about, and the one action. */
export function ProfileHeader({
  profile,
  userId,
  me,
  followStatus,
  onRetry,
  blocked = false,
}: ProfileHeaderProps) {
  const name = profile.userInfo?.userName ?? '';
  const cover = profile.profilePictures?.profileCover ?? null;
  const about = profile.userInfo?.userAbout ?? null;
  return (
    <header className="ui-card profile-header">
      {cover ? (
        // The cover is the top of the page (its largest picture): fetched first, box set by CSS.
        <Photo className="profile-cover" src={cover} alt={`${name}'s cover image`} priority />
      ) : (
        <div className="profile-cover" role="img" aria-label="No cover image" />
      )}
      <div className="profile-header__body">
        <Avatar
          {...profilePictureSources(profile.profilePictures)}
          alt={`${name}'s profile picture`}
          size={AVATAR_SIZE}
          className="profile-header__avatar"
        />
        <div className="profile-header__names">
          <h1 className="profile-header__name">{name}</h1>
          {/* Look-alike names (a Cyrillic "а" for a Latin "a") differ here: nobody chooses it. */}
          <p className="profile-header__tag">{memberTag(userId)}</p>
        </div>
        {me === null || blocked ? null : me === userId ? (
          <Link to="/edit-profile" className="ui-button ui-button--primary">
            Edit profile
          </Link>
        ) : (
          <FollowToggle
            me={me}
            target={userId}
            targetName={name}
            status={followStatus}
            onRetry={onRetry}
          />
        )}
        {me !== null && me !== userId ? (
          <>
            <ReportMember me={me} target={userId} targetName={name} />
            <SafetyActions me={me} target={userId} targetName={name} />
          </>
        ) : null}
      </div>
      {about ? (
        <p className="profile-header__about">
          <UserText text={about} tagRoute={REMOTES.explore.routes.tag.path} />
        </p>
      ) : null}
    </header>
  );
}
