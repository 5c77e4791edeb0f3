import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { signOut, useLiveDocument, userDataRef } from 'shared-firebase';
import { Avatar, Menu } from 'shared-ui';
import { PRODUCT_NAME } from './product';
import { LOGIN_PATH } from './routes';
import './shell.css';

/** The signed-in member's top bar: product name, Explore, Members and the avatar menu. */
export function TopBar({ uid }: { uid: string }) {
  const navigate = useNavigate();
  const profileRef = useMemo(() => userDataRef(uid), [uid]);
  const profile = useLiveDocument(profileRef);
  const picture = profile.status === 'ready' ? profile.data.profilePictures?.profilePicture : null;
  const name = profile.status === 'ready' ? profile.data.userInfo?.userName : undefined;

  return (
    <header className="shell-topbar">
      <nav className="shell-topbar__nav" aria-label="Main">
        <Link to="/" className="shell-topbar__brand">
          {PRODUCT_NAME}
        </Link>
        <Link to="/explore" className="shell-topbar__link">
          Explore
        </Link>
        <Link to="/members" className="shell-topbar__link">
          Members
        </Link>
      </nav>
      <Menu
        label="Account menu"
        trigger={
          <Avatar src={picture} alt={name ? `${name}'s picture` : 'Your picture'} size={36} />
        }
        items={[
          { label: 'Profile', onSelect: () => navigate(`/profile/${uid}`) },
          { label: 'Settings', onSelect: () => navigate('/edit-profile') },
          {
            label: 'Signout',
            onSelect: () => {
              void signOut().then(() => navigate(LOGIN_PATH, { replace: true }));
            },
          },
        ]}
      />
    </header>
  );
}
