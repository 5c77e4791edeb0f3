import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountRootParcel } from 'single-spa';
import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';
import { POST_LIST_MODULE, ProfilePosts } from './ProfilePosts';
import type { PostListProps } from './ProfilePosts';

type PostListLoader = NonNullable<RemoteAppProps['loadRemoteModule']>;

const noWait = { attempts: 2, baseDelayMs: 1, sleep: () => Promise.resolve() };

/** A stand-in for mfe-feed's post list: real single-spa lifecycles writing into their element. */
function fakePostList(): RemoteLifecycles<PostListProps> {
  return {
    bootstrap: async () => {},
    mount: async (props) => {
      const { domElement, authorUid } = props as unknown as PostListProps & {
        domElement: HTMLElement;
      };
      domElement.textContent = `posts by ${authorUid}`;
    },
    unmount: async (props) => {
      (props as unknown as { domElement: HTMLElement }).domElement.textContent = '';
    },
  };
}

/** Ann's posts, through the given remote loader, retried without waiting. */
function renderProfilePosts(loadRemoteModule: PostListLoader) {
  render(
    <ProfilePosts
      authorUid="ann"
      loadRemoteModule={loadRemoteModule}
      mountParcel={mountRootParcel}
      retry={noWait}
    />,
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ProfilePosts', () => {
  it("mounts feed's post list with the member's uid", async () => {
    const loadRemoteModule = jest.fn(async () => ({ default: fakePostList() }));
    renderProfilePosts(loadRemoteModule);
    expect(await screen.findByText('posts by ann')).toBeInTheDocument();
    expect(loadRemoteModule).toHaveBeenCalledWith(POST_LIST_MODULE);
  });

  it('shows its own fallback with Retry when feed is unavailable', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const loadRemoteModule = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValue(new Error('feed is down'));
    renderProfilePosts(loadRemoteModule);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The post list is unavailable right now.',
    );
    expect(loadRemoteModule).toHaveBeenCalledTimes(2);

    loadRemoteModule.mockResolvedValue({ default: fakePostList() });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('posts by ann')).toBeInTheDocument();
  });

  it('refuses a module that is not single-spa lifecycles', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderProfilePosts(async () => ({ default: 'nope' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable');
  });
});
