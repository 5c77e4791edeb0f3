import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { resetSessionForTests } from 'shared-firebase/session';
import type { SessionState } from 'shared-firebase/session';
import { App } from './App';
import { warmSignIn } from './warmSignIn';
import { scriptedRuntime } from './testing/fakeRuntime';

jest.mock('./TopBar', () => ({ TopBar: () => <nav aria-label="top bar" /> }));
jest.mock('./warmSignIn', () => ({ warmSignIn: jest.fn() }));

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

const neverLoads = () => scriptedRuntime([new Promise(() => undefined)]).runtime;

function renderAt(path: string, session: SessionState) {
  resetSessionForTests(session);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App registry={{}} runtime={neverLoads()} />
      <Where />
    </MemoryRouter>,
  );
}

const member: SessionState = { status: 'signedIn', user: { uid: 'u1', email: 'u1@example.test' } };

describe('route guard', () => {
  it.each([
    '/',
    '/post/p1',
    '/profile/u2',
    '/edit-profile',
    '/explore',
    '/members',
    '/404',
    '/nope',
  ])('sends a signed-out visitor of %s to /login without rendering it', (path) => {
    renderAt(path, { status: 'signedOut' });
    const expected = path === '/' ? '/login' : `/login?next=${encodeURIComponent(path)}`;
    expect(screen.getByLabelText('location')).toHaveTextContent(expected);
    expect(screen.queryByLabelText('top bar')).not.toBeInTheDocument();
    expect(screen.queryByText('PAGE NOT FOUND')).not.toBeInTheDocument();
  });

  it('renders nothing protected while the session is still loading', () => {
    renderAt('/members', { status: 'loading' });
    expect(screen.getByLabelText('location')).toHaveTextContent('/members');
    expect(screen.queryByLabelText('top bar')).not.toBeInTheDocument();
    expect(document.querySelector('.shell-remote')).toBeNull();
  });

  it('lets visitors see /login and /signUp', () => {
    renderAt('/signUp', { status: 'signedOut' });
    expect(screen.getByLabelText('location')).toHaveTextContent('/signUp');
    expect(document.querySelector('.shell-remote--auth')).not.toBeNull();
  });

  it('sends a member who arrives at /login to /', () => {
    renderAt('/login', member);
    expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/);
  });

  it('leaves a member who just signed in on /signUp to the auth remote', () => {
    renderAt('/signUp', { status: 'signedOut' });
    act(() => {
      resetSessionForTests(member);
    });
    expect(screen.getByLabelText('top bar')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/signUp');
  });

  it('shows the top bar and the 404 page to members', () => {
    renderAt('/nope', member);
    expect(screen.getByLabelText('top bar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeInTheDocument();
  });

  it('mounts the remote that owns the route', () => {
    renderAt('/explore', member);
    expect(document.querySelector('.shell-remote--explore')).not.toBeNull();
  });
});

describe('routes for moderators only', () => {
  const moderator: SessionState = {
    status: 'signedIn',
    user: { uid: 'm1', email: 'm1@example.test', moderator: true },
  };

  it('sends a signed-out visitor to /login', () => {
    renderAt('/moderation', { status: 'signedOut' });
    expect(screen.getByLabelText('location')).toHaveTextContent('/login?next=%2Fmoderation');
  });

  it('mounts the route for a member whose token carries the claim', () => {
    renderAt('/moderation', moderator);
    expect(document.querySelector('.shell-remote--moderation')).not.toBeNull();
  });

  it('waits while the claims are read, then shows a member without the claim the 404 page', async () => {
    renderAt('/moderation', member);
    expect(document.querySelector('.shell-remote--moderation')).toBeNull();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    act(() => resetSessionForTests({ ...member, user: { ...member.user, moderator: false } }));
    // A fresh token is asked for first (it cannot be fetched here), then the 404 page shows.
    expect(await screen.findByText('PAGE NOT FOUND')).toBeInTheDocument();
    expect(document.querySelector('.shell-remote--moderation')).toBeNull();
  });
});

describe('preload hints', () => {
  it('preloads the feed and the data layer when a visitor starts filling in the sign-in form', () => {
    resetSessionForTests({ status: 'signedOut' });
    const { runtime, preloaded } = scriptedRuntime([new Promise(() => undefined)]);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <App
          registry={{ auth: 'http://auth/mf-manifest.json', feed: 'http://feed/mf-manifest.json' }}
          runtime={runtime}
        />
      </MemoryRouter>,
    );
    expect(preloaded).toEqual([]);
    expect(warmSignIn).not.toHaveBeenCalled();
    const main = screen.getByRole('main');
    act(() => main.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    act(() => main.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(preloaded).toEqual(['feed']);
    expect(warmSignIn).toHaveBeenCalled();
  });

  it('never preloads a remote that remotes.json does not list', () => {
    resetSessionForTests({ status: 'signedOut' });
    const { runtime, preloaded } = scriptedRuntime([new Promise(() => undefined)]);
    render(
      <MemoryRouter initialEntries={['/login']}>
        <App registry={{ auth: 'http://auth/mf-manifest.json' }} runtime={runtime} />
      </MemoryRouter>,
    );
    act(() => screen.getByRole('main').dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    expect(preloaded).toEqual([]);
  });
});
