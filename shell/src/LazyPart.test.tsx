import { lazy } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { LazyPart } from './LazyPart';

function Picture() {
  return <p>Your picture</p>;
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('shows the fallback while the part loads, then the part', async () => {
  const Part = lazy(() => Promise.resolve({ default: Picture }));
  render(
    <LazyPart fallback={<p>Placeholder</p>}>
      <Part />
    </LazyPart>,
  );
  expect(screen.getByText('Placeholder')).toBeInTheDocument();
  expect(await screen.findByText('Your picture')).toBeInTheDocument();
  expect(screen.queryByText('Placeholder')).not.toBeInTheDocument();
});

it('keeps the fallback, and the rest of the page, when the part cannot load', async () => {
  const refused = new Error('Loading chunk 795 failed.');
  const Part = lazy(() => Promise.reject(refused));
  render(
    <main>
      <h1>Members</h1>
      <LazyPart fallback={<p>Placeholder</p>}>
        <Part />
      </LazyPart>
    </main>,
  );
  // Once the rejection has been caught the fallback stays, and the page around it too.
  await waitFor(() => expect(console.error).toHaveBeenCalledWith(refused));
  expect(screen.getByText('Placeholder')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Members' })).toBeInTheDocument();
});
