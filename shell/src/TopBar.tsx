import { lazy } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signOut } from 'shared-firebase/session';
import { Avatar, Menu } from 'shared-ui';
import { BellLink } from './BellLink';
import { LazyPart } from './LazyPart';
import { PRODUCT_NAME } from './product';
import { LOGIN_PATH, MENU_ROUTES, NAV_ROUTES, memberMayVisit } from './routes';
import type { RemoteName } from './routes';
import './shell.css';

// The picture is read from Firestore; loading it apart keeps the data layer out of the shell's
// first chunk, so signed-out pages never fetch Firestore. The placeholder shows meanwhile, and
// stays if that code cannot load.
const MemberAvatar = lazy(() => import('./MemberAvatar'));
// The unread count too (Firestore); the bell shows without a count meanwhile.
const ActivityBell = lazy(() => import('./ActivityBell'));
const AVATAR_SIZE = 36;

/** The signed-in member's top bar: product name, Explore, Members, the activity bell and the avatar menu. */
export interface TopBarProps {
  uid: string;
  /** Whether the member's token carries the moderator claim (undefined: not read yet). */
  moderator?: boolean;
  /** The member points at or focuses a way to a remote's page: a cue to preload it. */
  onIntent?: (remote: RemoteName) => void;
}

export function TopBar({ uid, moderator, onIntent }: TopBarProps) {
  const navigate = useNavigate();
  const navRoutes = NAV_ROUTES.filter((route) => memberMayVisit(route.access, moderator));
  const intentFor = (remote: RemoteName) => ({
    onPointerEnter: () => onIntent?.(remote),
    onFocus: () => onIntent?.(remote),
  });

  return (
    <header className="shell-topbar">
      <nav className="shell-topbar__nav" aria-label="Main">
        <Link to="/" className="shell-topbar__brand" {...intentFor('feed')}>
          {PRODUCT_NAME}
        </Link>
        <Link to="/explore" className="shell-topbar__link" {...intentFor('explore')}>
          Explore
        </Link>
        <Link to="/members" className="shell-topbar__link" {...intentFor('members')}>
          Members
        </Link>
        {/* Links the remotes' entries ask for, to whoever may visit them; on a phone, where the
            bar has no room for them, they are in the account menu. */}
        {navRoutes.map((route) => (
          <Link
            key={route.path}
            to={route.path}
            className="shell-topbar__link shell-topbar__link--wide"
            {...intentFor(route.remote)}
          >
            {route.text}
          </Link>
        ))}
      </nav>
      <LazyPart fallback={<BellLink count={null} />}>
        <ActivityBell uid={uid} onIntent={() => onIntent?.('activity')} />
      </LazyPart>
      {/* The menu leads to the profile remote's two pages. */}
      <div className="shell-topbar__account" {...intentFor('profile')}>
        <Menu
          label="Account menu"
          trigger={
            <LazyPart fallback={<Avatar src={null} alt="Your picture" size={AVATAR_SIZE} />}>
              <MemberAvatar uid={uid} size={AVATAR_SIZE} />
            </LazyPart>
          }
          items={[
            { label: 'Profile', onSelect: () => navigate(`/profile/${uid}`) },
            { label: 'Settings', onSelect: () => navigate('/edit-profile') },
            ...[
              ...navRoutes,
              ...MENU_ROUTES.filter((route) => memberMayVisit(route.access, moderator)),
            ].map((route) => ({ label: route.text, onSelect: () => navigate(route.path) })),
            {
              label: 'Signout',
              onSelect: () => {
                void signOut().then(() => navigate(LOGIN_PATH, { replace: true }));
              },
            },
          ]}
        />
      </div>
    </header>
  );
}
