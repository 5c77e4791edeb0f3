import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountRootParcel } from 'single-spa';
import type { RemoteAppProps, RemoteLifecycles } from 'shared-ui';
import { routerAt } from 'shared-ui/src/testing/routerAt';
import { TAG_POST_LIST_MODULE, TagPosts } from '../components/TagPosts';
import type { TagPostListProps } from 'feed/tag-post-list';
import { TagPage } from './TagPage';

type Loader = NonNullable<RemoteAppProps['loadRemoteModule']>;

const noWait = { attempts: 2, baseDelayMs: 1, sleep: () => Promise.resolve() };

/** A stand-in for mfe-feed's tag post list: real single-spa lifecycles writing into their element. */
function fakeTagPostList(): RemoteLifecycles<TagPostListProps> {
  return {
    bootstrap: async () => {},
    mount: async (props) => {
      const { domElement, tag } = props as unknown as TagPostListProps & {
        domElement: HTMLElement;
      };
      domElement.textContent = `posts tagged ${tag}`;
    },
    unmount: async (props) => {
      (props as unknown as { domElement: HTMLElement }).domElement.textContent = '';
    },
  };
}

afterEach(() => jest.restoreAllMocks());

describe('TagPosts', () => {
  it("mounts feed's tag post list with the tag", async () => {
    const load = jest.fn(async () => ({ default: fakeTagPostList() }));
    render(<TagPosts tag="東京" loadRemoteModule={load} mountParcel={mountRootParcel} />);
    expect(await screen.findByText('posts tagged 東京')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith(TAG_POST_LIST_MODULE);
  });

  it('shows its own fallback with Retry when feed is unavailable', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const load = jest.fn<Promise<unknown>, [string]>().mockRejectedValue(new Error('feed is down'));
    render(
      <TagPosts
        tag="weekend"
        loadRemoteModule={load}
        mountParcel={mountRootParcel}
        retry={noWait}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('unavailable right now');
    load.mockResolvedValue({ default: fakeTagPostList() });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('posts tagged weekend')).toBeInTheDocument();
  });
});

describe('TagPage', () => {
  // The page's list is a parcel; here it says which tag it was given.
  const loader: Loader = async () => ({ default: fakeTagPostList() });

  function renderAt(path: string) {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    render(routerAt(path, { '/tags/:tag': <TagPage loadRemoteModule={loader} /> }));
  }

  it('is headed by the tag', () => {
    renderAt('/tags/weekend');
    expect(screen.getByRole('heading', { level: 1, name: '#weekend' })).toBeInTheDocument();
  });

  it('opens a tag written another way at its normalised page', () => {
    renderAt(`/tags/${encodeURIComponent('ＷｅｅｋＥＮＤ')}`);
    expect(screen.getByRole('heading', { level: 1, name: '#weekend' })).toBeInTheDocument();
  });

  it('says so when the path is no tag', () => {
    renderAt('/tags/123');
    expect(screen.getByRole('heading', { level: 1, name: '#123' })).toBeInTheDocument();
    expect(screen.getByText(/is not a tag/)).toBeInTheDocument();
  });
});
