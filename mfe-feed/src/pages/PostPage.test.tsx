import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as sharedFirebase from 'shared-firebase';
import * as data from '../data';
import { VIEWER, makePost, memberNamed } from '../testing/fixtures';
import { PostPage } from './PostPage';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

beforeEach(() => {
  platform.useSignedInUid.mockReturnValue(VIEWER);
  platform.useMember.mockImplementation(memberNamed);
  fakes.useComments.mockReturnValue(staticPagedQuery([]));
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/post/:postId" element={<PostPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PostPage', () => {
  it('shows the post named in the path, without a delete option for its author', () => {
    fakes.useSinglePost.mockReturnValue({
      status: 'ready',
      items: [makePost({ postId: 'p-9', id: 'p-9', postCaption: 'single' })],
    });
    renderAt('/post/p-9');
    expect(fakes.useSinglePost).toHaveBeenCalledWith('p-9');
    expect(screen.getByText('single')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Like/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // Editing is: its menu is the card's (components/edit/PostEdit.test.tsx).
    expect(screen.getByRole('button', { name: 'Post options' })).toBeInTheDocument();
  });

  it('says a suspended member’s post is unavailable, and shows none of it', () => {
    fakes.useSinglePost.mockReturnValue({
      status: 'ready',
      items: [makePost({ postId: 'p-8', id: 'p-8', postCaption: 'hidden', authorSuspended: true })],
    });
    renderAt('/post/p-8');
    expect(screen.getByRole('heading', { name: 'Post unavailable' })).toBeInTheDocument();
    expect(screen.queryByText('hidden')).not.toBeInTheDocument();
  });

  it('shows a clear not-found state for an unknown post', () => {
    fakes.useSinglePost.mockReturnValue({ status: 'ready', items: [] });
    renderAt('/post/nope');
    expect(screen.getByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your feed' })).toHaveAttribute('href', '/');
  });
});
