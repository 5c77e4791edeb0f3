import {
  firstRemoteFor,
  loginRedirectFor,
  MENU_ROUTES,
  memberMayVisit,
  NAV_ROUTES,
  resolveRoute,
} from './routes';

describe('route table', () => {
  it.each([
    ['/', 'feed', 'protected'],
    ['/post/abc', 'feed', 'protected'],
    ['/login', 'auth', 'guestOnly'],
    ['/signUp', 'auth', 'guestOnly'],
    ['/profile/u1', 'profile', 'protected'],
    ['/edit-profile', 'profile', 'protected'],
    ['/profile/u1/followers', 'profile', 'protected'],
    ['/profile/u1/following', 'profile', 'protected'],
    ['/saved', 'feed', 'protected'],
    ['/activity', 'activity', 'protected'],
    ['/explore', 'explore', 'protected'],
    ['/members', 'members', 'protected'],
    ['/moderation', 'moderation', 'moderator'],
    ['/my-reports', 'moderation', 'protected'],
    ['/404', null, 'protected'],
    ['/nowhere', null, 'protected'],
    ['/post', null, 'protected'],
    ['/profile/u1/extra', null, 'protected'],
  ])('%s → remote %s (%s)', (path, remote, access) => {
    expect(resolveRoute(path)).toMatchObject({ remote, access });
  });

  it('remembers where a signed-out visitor was going', () => {
    expect(loginRedirectFor('/')).toBe('/login');
    expect(loginRedirectFor('/profile/u 1?tab=x')).toBe('/login?next=%2Fprofile%2Fu%201%3Ftab%3Dx');
  });
});

describe('the remote a visitor sees first (preloaded while the session resolves)', () => {
  it.each([
    ['/', false, 'auth'],
    ['/explore', false, 'auth'],
    ['/login', false, 'auth'],
    ['/nowhere', false, 'auth'],
    ['/', true, 'feed'],
    ['/login', true, 'feed'],
    ['/signUp', true, 'feed'],
    ['/profile/u1', true, 'profile'],
    ['/members', true, 'members'],
    ['/nowhere', true, null],
    ['/moderation', false, 'auth'],
    ['/moderation', true, 'moderation'],
  ])('%s, signed in %s → %s', (path, signedIn, remote) => {
    expect(firstRemoteFor(path, signedIn)).toBe(remote);
  });
});

describe('links the remotes ask for', () => {
  it('puts each route with a `nav` text in the top bar, for whoever may visit it', () => {
    expect(NAV_ROUTES).toContainEqual({
      path: '/moderation',
      text: 'Moderation',
      remote: 'moderation',
      access: 'moderator',
    });
    expect(memberMayVisit('moderator', true)).toBe(true);
    expect(memberMayVisit('moderator', false)).toBe(false);
    expect(memberMayVisit('moderator', undefined)).toBeUndefined();
    expect(memberMayVisit('protected', false)).toBe(true);
  });

  it('puts each route with a `menu` text in the account menu', () => {
    expect(MENU_ROUTES).toContainEqual({
      path: '/my-reports',
      text: 'Your reports',
      remote: 'moderation',
      access: 'protected',
    });
  });
});
