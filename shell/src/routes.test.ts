import { loginRedirectFor, resolveRoute } from './routes';

describe('route table', () => {
  it.each([
    ['/', 'feed', 'protected'],
    ['/post/abc', 'feed', 'protected'],
    ['/login', 'auth', 'guestOnly'],
    ['/signUp', 'auth', 'guestOnly'],
    ['/profile/u1', 'profile', 'protected'],
    ['/edit-profile', 'profile', 'protected'],
    ['/explore', 'explore', 'protected'],
    ['/members', 'members', 'protected'],
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
