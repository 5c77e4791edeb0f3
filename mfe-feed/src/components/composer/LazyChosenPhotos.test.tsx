import { render, screen } from '@testing-library/react';
import { chosenPhoto } from './chosenPhotos';
import { LazyChosenPhotos } from './LazyChosenPhotos';

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

const photos = [
  chosenPhoto(new File(['a'], 'a.jpg', { type: 'image/jpeg' })),
  chosenPhoto(new File(['b'], 'b.jpg', { type: 'image/jpeg' })),
];

test('the list first shown while its code was on its way stays the same list once it arrived', async () => {
  const { rerender } = render(
    <LazyChosenPhotos photos={photos} onChange={() => undefined} disabled={false} />,
  );
  const list = await screen.findByRole('list', { name: 'Chosen photos' });
  const firstButton = screen.getByRole('button', { name: 'Move photo 2 earlier' });

  // Any later render (a move, a description typed) must not mount the list anew: a click whose
  // press and release straddled that was lost.
  rerender(<LazyChosenPhotos photos={[...photos]} onChange={() => undefined} disabled={false} />);
  expect(screen.getByRole('list', { name: 'Chosen photos' })).toBe(list);
  expect(screen.getByRole('button', { name: 'Move photo 2 earlier' })).toBe(firstButton);
});
