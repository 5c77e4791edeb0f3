import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CAPTION_MAX_LENGTH, IMAGE_MAX_BYTES, MESSAGES } from 'shared-firebase';
import { fakeBrowserConnection } from 'shared-firebase/testing/fakeBrowserConnection';
import { STATUS_MESSAGE_MS } from 'shared-ui';
import * as data from '../data';
import type { NewPost } from '../data';
import { FEED_MESSAGES } from '../messages';
import { VIEWER } from '../testing/fixtures';
import { Composer } from './Composer';
import { preloadChosenPhotos } from './composer/LazyChosenPhotos';
import * as draftStoreModule from './composer/draftStore';
import { DRAFT_SAVE_DELAY_MS } from './composer/useComposerDraft';
import { PHOTO_ALT_HINT, PHOTO_ALT_LABEL, PHOTO_ALT_REMINDER } from './PhotoAltField';
import { POST_WAITING_NOTE_DELAY_MS } from './PostWaitingNote';

jest.mock('shared-firebase', () => jest.requireActual('../testing/sharedFirebaseFake').fake());
jest.mock('../data', () => jest.requireActual('../testing/dataFake').fakeData());
// The browser's IndexedDB is the boundary: an in-memory store stands in for it.
jest.mock('./composer/draftStore', () => {
  const actual = jest.requireActual('./composer/draftStore');
  const kept = new Map<string, unknown>();
  return {
    ...actual,
    kept,
    loadDraft: jest.fn(async (uid: string) =>
      kept.has(uid) ? actual.draftFromStore(kept.get(uid)) : null,
    ),
    saveDraft: jest.fn(async (uid: string, draft: { caption: string; photos: unknown[] }) => {
      if (actual.isEmptyDraft(draft)) kept.delete(uid);
      else kept.set(uid, draft);
    }),
    discardDraft: jest.fn(async (uid: string) => {
      kept.delete(uid);
    }),
  };
});

const fakes = jest.mocked(data);
const draftStore = draftStoreModule as typeof draftStoreModule & { kept: Map<string, unknown> };

/** A fakes.createPost whose outcome the test decides, exposing what it was called with. */
function pendingCreatePost() {
  const control: {
    input?: NewPost;
    resolve: (id: string) => void;
    reject: (error: Error) => void;
  } = { resolve: () => undefined, reject: () => undefined };
  fakes.createPost.mockImplementation(
    (input) =>
      new Promise<string>((resolve, reject) => {
        control.input = input;
        control.resolve = resolve;
        control.reject = reject;
      }),
  );
  return control;
}

const png = (name = 'photo.png', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

function setup() {
  // Files the accept attribute would hide must still reach the component's own check.
  const user = userEvent.setup({ applyAccept: false, advanceTimers: jest.advanceTimersByTime });
  render(<Composer authorUid={VIEWER} />);
  return {
    user,
    caption: () => screen.getByLabelText("What's on your mind?"),
    photo: () => screen.getByLabelText('Photos') as HTMLInputElement,
    post: () => screen.getByRole('button', { name: 'Post' }),
  };
}

let objectUrls: number;
// The chosen photos' list is a lazy chunk: its code is there before the cases, as a member's first
// touch of the composer fetches it (LazyChosenPhotos) before any photo is chosen.
beforeAll(() => preloadChosenPhotos());

beforeEach(() => {
  jest.useFakeTimers();
  draftStore.kept.clear();
  fakes.createPost.mockReset();
  objectUrls = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${(objectUrls += 1)}`);
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => jest.useRealTimers());

describe('Composer validation', () => {
  it('refuses an empty post with the product message and sends nothing', async () => {
    const { user, caption, post } = setup();
    await user.click(post());
    expect(screen.getByRole('alert')).toHaveTextContent(FEED_MESSAGES.emptyPost);
    await user.type(caption(), '   ');
    await user.click(post());
    expect(screen.getByRole('alert')).toHaveTextContent(FEED_MESSAGES.emptyPost);
    expect(fakes.createPost).not.toHaveBeenCalled();
  });

  it('offers only images in the file picker', () => {
    const { photo } = setup();
    expect(photo()).toHaveAttribute('accept', 'image/*');
  });

  it('refuses an SVG (a document that can carry script) before any upload', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
    expect(fakes.createPost).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image before any upload', async () => {
    const { user, photo, post } = setup();
    await user.upload(photo(), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
    await user.click(post());
    expect(screen.getByRole('alert')).toHaveTextContent(FEED_MESSAGES.emptyPost);
    expect(fakes.createPost).not.toHaveBeenCalled();
  });

  it('refuses an image over the size limit before any upload', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), png('huge.png', IMAGE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The image is too large: the limit is 25 MB.',
    );
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
    expect(fakes.createPost).not.toHaveBeenCalled();
  });

  it('limits the caption to CAPTION_MAX_LENGTH characters and shows the count', async () => {
    const { user, caption } = setup();
    expect(caption()).toHaveAttribute('maxLength', String(CAPTION_MAX_LENGTH));
    await user.type(caption(), 'abc');
    expect(screen.getByText(`3/${CAPTION_MAX_LENGTH}`)).toBeInTheDocument();
  });
});

describe('Composer photo preview', () => {
  it('previews the chosen photo and removes it, revoking the preview URL', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), png());
    // The list's code is a lazy chunk: the first photo chosen waits for it.
    expect(await screen.findByAltText('Preview of the chosen photo')).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(photo().value).toBe('');
  });

  it('adds photos chosen later to those already there, each with its own preview', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), png('a.png'));
    await user.upload(photo(), png('b.png'));
    expect(screen.getByAltText('Preview of photo 1')).toHaveAttribute('src', 'blob:preview-1');
    expect(screen.getByAltText('Preview of photo 2')).toHaveAttribute('src', 'blob:preview-2');
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(screen.getByAltText('Preview of the chosen photo')).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
  });
});

describe('Composer photo description (alt text)', () => {
  const altField = () => screen.getByRole('textbox', { name: PHOTO_ALT_LABEL });

  it('asks for a description only once a photo is chosen', async () => {
    const { user, photo } = setup();
    expect(screen.queryByRole('textbox', { name: PHOTO_ALT_LABEL })).not.toBeInTheDocument();
    await user.upload(photo(), png());
    expect(altField()).toBeEnabled();
  });

  it('limits the description to PHOTO_ALT_MAX_LENGTH characters and counts them', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), png());
    expect(altField()).toHaveAttribute('maxLength', String(data.PHOTO_ALT_MAX_LENGTH));
    expect(screen.getByText(`0/${data.PHOTO_ALT_MAX_LENGTH}`)).toBeInTheDocument();
    await user.type(altField(), 'A kite');
    expect(screen.getByText(`6/${data.PHOTO_ALT_MAX_LENGTH}`)).toBeInTheDocument();
    // The field itself stops at the limit: pasting more keeps the first PHOTO_ALT_MAX_LENGTH.
    await user.clear(altField());
    await user.click(altField());
    await user.paste('x'.repeat(data.PHOTO_ALT_MAX_LENGTH + 20));
    expect(altField()).toHaveValue('x'.repeat(data.PHOTO_ALT_MAX_LENGTH));
    expect(
      screen.getByText(`${data.PHOTO_ALT_MAX_LENGTH}/${data.PHOTO_ALT_MAX_LENGTH}`),
    ).toBeInTheDocument();
  });

  it('reminds gently while the description is missing, and never stops the post', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    await user.upload(photo(), png());
    expect(altField()).toHaveAccessibleDescription(
      `${PHOTO_ALT_REMINDER} 0/${data.PHOTO_ALT_MAX_LENGTH}`,
    );
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await user.type(altField(), '   ');
    expect(screen.getByText(PHOTO_ALT_REMINDER)).toBeInTheDocument();
    await user.type(altField(), 'A red kite');
    expect(screen.queryByText(PHOTO_ALT_REMINDER)).not.toBeInTheDocument();
    expect(altField()).toHaveAccessibleDescription(
      `${PHOTO_ALT_HINT} 13/${data.PHOTO_ALT_MAX_LENGTH}`,
    );
    await user.clear(altField());
    await user.click(post());
    expect(pending.input).toMatchObject({ photos: [expect.objectContaining({ alt: '' })] });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await act(async () => pending.resolve('new-id'));
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
  });

  it('sends the description with the photo, then clears both', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    const file = png();
    await user.upload(photo(), file);
    await user.type(altField(), 'A red kite above the dunes');
    await user.click(post());
    expect(pending.input).toMatchObject({ photos: [{ file, alt: 'A red kite above the dunes' }] });
    expect(altField()).toBeDisabled();
    await act(async () => pending.resolve('new-id'));
    expect(screen.queryByRole('textbox', { name: PHOTO_ALT_LABEL })).not.toBeInTheDocument();
    await user.upload(photo(), png());
    expect(altField()).toHaveValue('');
  });

  it('forgets the description with its photo when it is removed', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), png('a.png'));
    await user.type(altField(), 'A kite');
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('textbox', { name: PHOTO_ALT_LABEL })).not.toBeInTheDocument();
    await user.upload(photo(), png('c.png'));
    expect(altField()).toHaveValue('');
  });
});

describe('Composer posting', () => {
  it('posts a caption, then shows the success message for 3000 ms and clears the box', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await user.type(caption(), 'Hello world');
    await user.click(post());
    expect(pending.input).toMatchObject({ authorUid: VIEWER, caption: 'Hello world', photos: [] });
    expect(post()).toBeDisabled();
    expect(screen.getByText('Posting…')).toBeInTheDocument();

    await act(async () => pending.resolve('new-id'));
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
    expect(caption()).toHaveValue('');
    expect(post()).toBeEnabled();

    act(() => jest.advanceTimersByTime(STATUS_MESSAGE_MS - 1));
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(FEED_MESSAGES.postCreated)).not.toBeInTheDocument();
  });

  it('shows the real percentage while a photo is prepared and uploaded', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    const file = png();
    await user.upload(photo(), file);
    await user.click(post());
    expect(pending.input).toMatchObject({ caption: '', photos: [{ file, alt: '' }] });
    expect(
      screen.getByRole('progressbar', { name: 'Preparing and uploading photo' }),
    ).toHaveAttribute('value', '0');

    act(() => pending.input!.onProgress!({ percent: 42.4, photo: 1, photos: 1 }));
    expect(
      screen.getByRole('progressbar', { name: 'Preparing and uploading photo' }),
    ).toHaveAttribute('value', '42');
    expect(screen.getByText('Preparing and uploading photo: 42%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove photo' })).toBeDisabled();

    act(() => pending.input!.onProgress!({ percent: 100, photo: 1, photos: 1 }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Posting…')).toBeInTheDocument();

    await act(async () => pending.resolve('new-id'));
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
  });

  it('says a photo the browser cannot open is unreadable, and forgets it', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    await user.upload(photo(), png('broken.png'));
    await user.click(post());
    await act(async () => pending.reject(new data.UnreadablePhotoError(0)));
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.imageUnreadable);
    expect(screen.queryByAltText('Preview of the chosen photo')).not.toBeInTheDocument();
    expect(photo().value).toBe('');
    expect(post()).toBeEnabled();
  });

  it('makes one post from a double click', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await user.type(caption(), 'Once');
    await user.dblClick(post());
    expect(fakes.createPost).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve('new-id'));
    // Two clicks inside one React batch: the button is not disabled yet for the second.
    await user.type(caption(), 'Twice?');
    act(() => {
      fireEvent.click(post());
      fireEvent.click(post());
    });
    expect(fakes.createPost).toHaveBeenCalledTimes(2);
    await act(async () => pending.resolve('new-id'));
  });

  it('keeps what was written and says so when the post fails', async () => {
    const pending = pendingCreatePost();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, caption, post } = setup();
    await user.type(caption(), 'Keep me');
    await user.click(post());
    await act(async () => pending.reject(new Error('offline')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The post could not be made. Please try again.',
    );
    expect(caption()).toHaveValue('Keep me');
    expect(post()).toBeEnabled();
  });
});

describe('Composer offline', () => {
  const connection = fakeBrowserConnection();
  afterEach(() => jest.restoreAllMocks());
  const setOnline = (online: boolean) => act(() => connection.change(online));

  it('keeps the author’s followers cached, for a post made offline', () => {
    setup();
    expect(fakes.usePostAudienceCache).toHaveBeenCalledWith(VIEWER);
  });

  it('says at once that a post made offline is waiting, keeps the text, and shows it done later', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await user.type(caption(), 'Written on a train');
    setOnline(false);
    await user.click(post());
    expect(screen.getByText(FEED_MESSAGES.postWaitingForConnection)).toHaveAttribute(
      'role',
      'status',
    );
    expect(caption()).toHaveValue('Written on a train');
    expect(caption()).toBeDisabled();
    expect(post()).toBeDisabled();

    setOnline(true);
    await act(async () => pending.resolve('new-id'));
    expect(screen.queryByText(FEED_MESSAGES.postWaitingForConnection)).not.toBeInTheDocument();
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
    expect(caption()).toHaveValue('');
  });

  it('online, says the post is waiting only once the server has not answered for a while', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await user.type(caption(), 'Slow');
    await user.click(post());
    act(() => jest.advanceTimersByTime(POST_WAITING_NOTE_DELAY_MS - 1));
    expect(screen.queryByText(FEED_MESSAGES.postWaitingForConnection)).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText(FEED_MESSAGES.postWaitingForConnection)).toBeInTheDocument();
    await act(async () => pending.resolve('new-id'));
    expect(screen.queryByText(FEED_MESSAGES.postWaitingForConnection)).not.toBeInTheDocument();
  });

  it('keeps the text when a waiting post finally fails, with a clear message', async () => {
    const pending = pendingCreatePost();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, caption, post } = setup();
    await user.type(caption(), 'Refused later');
    setOnline(false);
    await user.click(post());
    setOnline(true);
    await act(async () => pending.reject(new Error('permission-denied')));
    expect(screen.getByRole('alert')).toHaveTextContent(FEED_MESSAGES.postFailed);
    expect(screen.queryByText(FEED_MESSAGES.postWaitingForConnection)).not.toBeInTheDocument();
    expect(caption()).toHaveValue('Refused later');
    expect(caption()).toBeEnabled();
  });

  it('says a processed photo waits for the connection, then shows its upload resume', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    await user.upload(photo(), png());
    await user.click(post());
    act(() => pending.input!.onProgress!({ percent: 30, photo: 1, photos: 1 }));
    act(() => pending.input!.onWaitingForConnection!());
    expect(screen.getByText(FEED_MESSAGES.photoWaitingForConnection)).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Preparing and uploading photo' }),
    ).toHaveAttribute('value', '30');
    expect(screen.getByAltText('Preview of the chosen photo')).toBeInTheDocument();

    act(() => pending.input!.onProgress!({ percent: 55, photo: 1, photos: 1 }));
    expect(screen.queryByText(FEED_MESSAGES.photoWaitingForConnection)).not.toBeInTheDocument();
    act(() => pending.input!.onProgress!({ percent: 100, photo: 1, photos: 1 }));
    await act(async () => pending.resolve('new-id'));
    expect(screen.getByText(FEED_MESSAGES.postCreated)).toBeInTheDocument();
  });
});

describe('Composer with several photos', () => {
  const previews = () =>
    screen
      .getAllByRole('img')
      .map((image) => image.getAttribute('alt') + ' ' + image.getAttribute('src'));

  it('takes several at once, then more, up to MAX_POST_PHOTOS with a clear message beyond', async () => {
    const { user, photo } = setup();
    await user.upload(photo(), [png('1.png'), png('2.png'), png('3.png')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(`3 of ${data.MAX_POST_PHOTOS} photos`)).toBeInTheDocument();
    const more = Array.from({ length: 9 }, (_, n) => png(`${n + 4}.png`));
    await user.upload(photo(), more);
    expect(screen.getAllByRole('listitem')).toHaveLength(data.MAX_POST_PHOTOS);
    expect(screen.getByRole('alert')).toHaveTextContent(
      `A post holds at most ${data.MAX_POST_PHOTOS} photos: only the first 7 were added.`,
    );
    await user.upload(photo(), png('11.png'));
    expect(screen.getAllByRole('listitem')).toHaveLength(data.MAX_POST_PHOTOS);
    expect(screen.getByRole('alert')).toHaveTextContent('remove one to add another');
  });

  it('skips a file that is not an image, keeping the others', async () => {
    const { user, photo } = setup();
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    await user.upload(photo(), [png('1.png'), text, png('2.png')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
  });

  it('reorders by keyboard, the moved photo’s button keeping the focus, and posts in that order', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    const files = [png('1.png'), png('2.png'), png('3.png')];
    await user.upload(photo(), files);
    await user.type(screen.getByLabelText('Photo 3 description (alt text)'), 'A boat');
    expect(previews()).toEqual([
      'Preview of photo 1 blob:preview-1',
      'Preview of photo 2 blob:preview-2',
      'Preview of photo 3 blob:preview-3',
    ]);
    screen.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveAccessibleName('Move photo 2 earlier');
    await user.keyboard(' ');
    // At the front it cannot go earlier: the focus moves to its other button.
    expect(document.activeElement).toHaveAccessibleName('Move photo 1 later');
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Photo moved to position 1 of 3.')).toBeInTheDocument();
    expect(previews()).toEqual([
      'Preview of photo 1 blob:preview-3',
      'Preview of photo 2 blob:preview-1',
      'Preview of photo 3 blob:preview-2',
    ]);
    expect(screen.getByLabelText('Photo 1 description (alt text)')).toHaveValue('A boat');
    await user.click(post());
    expect(pending.input!.photos).toEqual([
      { file: files[2], alt: 'A boat' },
      { file: files[0], alt: '' },
      { file: files[1], alt: '' },
    ]);
    act(() => pending.input!.onProgress!({ percent: 50, photo: 2, photos: 3 }));
    expect(screen.getByRole('progressbar', { name: 'Preparing photo 2 of 3' })).toHaveAttribute(
      'value',
      '50',
    );
    expect(screen.getByRole('button', { name: 'Move photo 2 later' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await act(async () => pending.resolve('new-id'));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('drops only the photo that cannot be read, keeping the others and their descriptions', async () => {
    const pending = pendingCreatePost();
    const { user, photo, post } = setup();
    await user.upload(photo(), [png('1.png'), png('broken.png'), png('3.png')]);
    await user.type(screen.getByLabelText('Photo 3 description (alt text)'), 'A boat');
    await user.click(post());
    await act(async () => pending.reject(new data.UnreadablePhotoError(1)));
    expect(screen.getByRole('alert')).toHaveTextContent(`Photo 2: ${MESSAGES.imageUnreadable}`);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('Photo 2 description (alt text)')).toHaveValue('A boat');
  });
});

describe('Composer photo picker', () => {
  const dropOn = (zone: Element, files: File[], types = ['Files']) => {
    const dataTransfer = { files, types, dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });
  };

  it('is a button a keyboard reaches, named Photos, that says how many are chosen', async () => {
    const { user, caption, photo } = setup();
    expect(screen.getByText('Add photos')).toBeInTheDocument();
    caption().focus();
    await user.tab();
    expect(photo()).toHaveFocus();
    expect(photo()).toHaveAttribute('multiple');
    expect(photo()).toHaveAccessibleDescription(`0 of ${data.MAX_POST_PHOTOS} photos`);
    await user.upload(photo(), [png('1.png'), png('2.png')]);
    expect(screen.getByText('Add more photos')).toBeInTheDocument();
    expect(photo()).toHaveAccessibleDescription(`2 of ${data.MAX_POST_PHOTOS} photos`);
  });

  it('takes photos dropped on it, in their order, and ignores what is not a file', () => {
    setup();
    const zone = document.querySelector('.feed-picker')!;
    dropOn(zone, [png('a.png'), png('b.png')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByAltText('Preview of photo 1')).toHaveAttribute('src', 'blob:preview-1');
    dropOn(zone, [], ['text/plain']);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const many = Array.from({ length: data.MAX_POST_PHOTOS }, (_, n) => png(`${n}.png`));
    dropOn(zone, many);
    expect(screen.getAllByRole('listitem')).toHaveLength(data.MAX_POST_PHOTOS);
    expect(screen.getByRole('alert')).toHaveTextContent('only the first 8 were added');
    expect(
      screen.getByText(`${data.MAX_POST_PHOTOS} of ${data.MAX_POST_PHOTOS}: the most a post holds`),
    ).toBeInTheDocument();
  });
});

describe('Composer draft', () => {
  it('keeps the text, the photos in order and their descriptions across a reload, until discarded', async () => {
    const first = setup();
    const files = [png('1.png'), png('2.png')];
    await first.user.type(first.caption(), 'By the sea');
    await first.user.upload(first.photo(), files);
    await first.user.type(screen.getByLabelText('Photo 2 description (alt text)'), 'A boat');
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.get(VIEWER)).toMatchObject({
      caption: 'By the sea',
      photos: [
        { file: files[0], alt: '' },
        { file: files[1], alt: 'A boat' },
      ],
    });

    // A reload: a new composer finds it again.
    cleanup();
    const second = setup();
    expect(await screen.findByText('Your draft is back, as you left it.')).toBeInTheDocument();
    expect(second.caption()).toHaveValue('By the sea');
    expect(screen.getByLabelText('Photo 2 description (alt text)')).toHaveValue('A boat');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    await second.user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(second.caption()).toHaveValue('');
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.has(VIEWER)).toBe(false);
  });

  it('keeps the last keystrokes when the page is left before the delay is over', async () => {
    const { user, caption } = setup();
    await user.type(caption(), 'Typed just before a reload');
    expect(draftStore.kept.has(VIEWER)).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(draftStore.kept.get(VIEWER)).toMatchObject({ caption: 'Typed just before a reload' });
  });

  const BEN = { uid: 'ben-uid', name: 'Ben Okafor', picture: null };

  /** Types `text` and picks Ben from the suggestions. */
  async function mentionBen(user: ReturnType<typeof setup>['user'], field: HTMLElement) {
    fakes.findMembersByName.mockResolvedValue([BEN]);
    await user.type(field, 'Hi @be');
    await screen.findByRole('option', { name: BEN.name });
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Hi @Ben Okafor ');
  }

  it('keeps the members picked after @, so the restored caption still mentions them when posted', async () => {
    const first = setup();
    await mentionBen(first.user, first.caption());
    await first.user.type(first.caption(), 'welcome');
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.get(VIEWER)).toMatchObject({
      caption: 'Hi @Ben Okafor welcome',
      mentions: [{ uid: 'ben-uid', name: 'Ben Okafor' }],
    });

    cleanup();
    const pending = pendingCreatePost();
    const second = setup();
    await screen.findByText('Your draft is back, as you left it.');
    expect(second.caption()).toHaveValue('Hi @Ben Okafor welcome');
    await second.user.click(second.post());
    expect(pending.input).toMatchObject({
      caption: 'Hi @Ben Okafor welcome',
      mentions: ['ben-uid'],
    });
  });

  it('says a mention was refused when the rules deny a post that mentions, keeping the caption', async () => {
    const pending = pendingCreatePost();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user, caption, post } = setup();
    await mentionBen(user, caption());
    await user.click(post());
    await act(async () =>
      pending.reject(Object.assign(new Error('denied'), { code: 'permission-denied' })),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(FEED_MESSAGES.postMentionRefused);
    expect(caption()).toHaveValue('Hi @Ben Okafor ');
    expect(post()).toBeEnabled();
  });

  it('drops a picked member whose name was edited away, as a post without the draft would', async () => {
    const first = setup();
    await mentionBen(first.user, first.caption());
    // "@Ben Okafor " loses its last letters: Ben is no longer named.
    await first.user.type(first.caption(), '{Backspace}{Backspace}{Backspace}');
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.get(VIEWER)).toMatchObject({ caption: 'Hi @Ben Okaf', mentions: [] });

    cleanup();
    const pending = pendingCreatePost();
    const second = setup();
    await screen.findByText('Your draft is back, as you left it.');
    // Written out by hand again after the reload, the name is only text: nobody picked it.
    await second.user.type(second.caption(), 'or');
    await second.user.click(second.post());
    expect(pending.input).toMatchObject({ caption: 'Hi @Ben Okafor', mentions: [] });
  });

  it('restores a draft kept before mentions were kept, mentioning nobody', async () => {
    draftStore.kept.set(VIEWER, { caption: 'Old draft @Ben Okafor', photos: [] });
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await screen.findByText('Your draft is back, as you left it.');
    expect(caption()).toHaveValue('Old draft @Ben Okafor');
    await user.click(post());
    expect(pending.input).toMatchObject({ caption: 'Old draft @Ben Okafor', mentions: [] });
  });

  it('forgets the picked members with a discarded draft', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await mentionBen(user, caption());
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    // Typed by hand after the discard: never picked, so not a mention.
    await user.type(caption(), '@Ben Okafor');
    await user.click(post());
    expect(pending.input).toMatchObject({ caption: '@Ben Okafor', mentions: [] });
  });

  it('forgets the draft once it is posted', async () => {
    const pending = pendingCreatePost();
    const { user, caption, post } = setup();
    await user.type(caption(), 'Posted soon');
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.has(VIEWER)).toBe(true);
    await user.click(post());
    await act(async () => pending.resolve('new-id'));
    await act(async () => jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS));
    expect(draftStore.kept.has(VIEWER)).toBe(false);
    cleanup();
    setup();
    await act(async () => undefined);
    expect(screen.queryByText('Your draft is back, as you left it.')).not.toBeInTheDocument();
  });
});
