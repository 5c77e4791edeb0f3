import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase/firestore';
import { MemoryRouter } from 'react-router-dom';
import { formatFullTime } from 'shared-ui';
import * as sharedFirebase from 'shared-firebase';
import { CAPTION_MAX_LENGTH } from 'shared-firebase';
import type { Post, PostEdit, WithId } from 'shared-firebase';
import * as data from '../../data';
import { FEED_MESSAGES } from '../../messages';
import { VIEWER, makePost, memberNamed } from '../../testing/fixtures';
import { PostCard } from '../PostCard';
import { staticPagedQuery } from 'shared-firebase/testing/fakePagedQuery';

jest.mock('shared-firebase', () => jest.requireActual('../../testing/sharedFirebaseFake').fake());
jest.mock('../../data', () => jest.requireActual('../../testing/dataFake').fakeData());

const fakes = jest.mocked(data);
const platform = jest.mocked(sharedFirebase);

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => Timestamp.fromMillis(Date.now() - hours * HOUR);
const CREATED = hoursAgo(72);
const FIRST_EDIT = hoursAgo(5);
const EDITED = hoursAgo(2);
const photoPost = makePost({
  postImage: 'https://files.test/kite.jpg',
  postImageAlt: 'A kite',
  postCaption: 'Windy',
  createdAt: CREATED,
});

beforeEach(() => {
  platform.useMember.mockImplementation(memberNamed);
  fakes.useComments.mockReturnValue(staticPagedQuery([]));
  fakes.editPost.mockReset().mockResolvedValue(true);
  fakes.usePostEdits.mockReset().mockReturnValue({ status: 'ready', items: [] });
});

function renderCard(post: WithId<Post>, viewerUid = VIEWER) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <PostCard post={post} viewerUid={viewerUid} />
    </MemoryRouter>,
  );
  return { user };
}

describe('reporting a post', () => {
  // jsdom has <dialog> without its modal behaviour: opening marks it open, as a browser would.
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('is offered to other members from the post’s menu, and sends the report', async () => {
    platform.submitReport.mockReset().mockResolvedValue(undefined);
    const post = makePost({ uid: 'someone-else' });
    const { user } = renderCard(post);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report post' }));
    // The report form's code is fetched on opening (LazyCardParts).
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(platform.submitReport).toHaveBeenCalledWith(
      { kind: 'post', targetId: post.postId },
      VIEWER,
      'spam',
      '',
    );
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Thanks for telling us');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();
  });

  it('is not offered to the author', async () => {
    const { user } = renderCard(makePost({ uid: VIEWER }));
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.queryByRole('menuitem', { name: 'Report post' })).not.toBeInTheDocument();
  });
});

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Post options' }));
  await user.click(screen.getByRole('menuitem', { name: /^Edit caption/ }));
  return screen.findByRole('form', { name: 'Edit post' });
}

describe('editing a post', () => {
  it('is offered to the author only, from the post’s menu', async () => {
    const { user } = renderCard(makePost({ uid: 'someone-else' }));
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Report post' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /^Edit caption/ })).not.toBeInTheDocument();
  });

  it('edits the caption and the photo’s description, then returns focus to the menu', async () => {
    const { user } = renderCard(photoPost);
    const form = await openEdit(user);
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    expect(caption).toHaveValue('Windy');
    expect(caption).toHaveFocus();
    const alt = within(form).getByRole('textbox', { name: 'Photo description (alt text)' });
    expect(alt).toHaveValue('A kite');

    await user.type(caption, ' day');
    await user.clear(alt);
    await user.type(alt, 'A red kite');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(fakes.editPost).toHaveBeenCalledWith('post-1', {
      caption: 'Windy day',
      imageAlts: ['A red kite'],
      mentions: [],
    });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(FEED_MESSAGES.editSaved);
  });

  it('edits every photo’s description of an album, each beside its photo with the bound and the reminder', async () => {
    const album = makePost({
      ...photoPost,
      postThumbnail: 'https://files.test/kite-t.jpg',
      photos: {
        images: [photoPost.postImage!, 'https://files.test/2.jpg', 'https://files.test/3.jpg'],
        thumbnails: [
          'https://files.test/kite-t.jpg',
          'https://files.test/2-t.jpg',
          'https://files.test/3-t.jpg',
        ],
        widths: [1080, 1080, 1080],
        heights: [810, 810, 810],
        alts: [null, 'A field', null],
      },
    });
    const { user } = renderCard(album);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit caption and descriptions' }));
    const form = await screen.findByRole('form', { name: 'Edit post' });
    const list = within(form).getByRole('list', { name: 'Photo descriptions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    // Each row shows its photo (decorative: the label names it).
    expect(rows.map((row) => row.querySelector('img')?.getAttribute('src'))).toEqual(
      album.photos!.thumbnails,
    );
    const alt = (n: number) =>
      within(form).getByRole('textbox', { name: `Photo ${n} description (alt text)` });
    expect([alt(1), alt(2), alt(3)].map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'A kite',
      'A field',
      '',
    ]);
    expect(alt(2)).toHaveAttribute('maxLength', String(data.PHOTO_ALT_MAX_LENGTH));
    // The third has none: the gentle reminder describes its field.
    expect(alt(3)).toHaveAccessibleDescription(/No description yet/);
    expect(alt(2)).not.toHaveAccessibleDescription(/No description yet/);

    await user.clear(alt(2));
    await user.type(alt(2), 'A green field');
    await user.type(alt(3), 'Two horses');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fakes.editPost).toHaveBeenCalledWith('post-1', {
      caption: 'Windy',
      imageAlts: ['A kite', 'A green field', 'Two horses'],
      mentions: [],
    });
  });

  it('suggests members after @ in the caption and saves the mentions the text still holds', async () => {
    fakes.findMembersByName.mockResolvedValue([
      { uid: 'ben-uid', name: 'Ben Okafor', picture: null },
    ]);
    // Mentions bob already (named as the live member is: "Name of bob").
    const { user } = renderCard(makePost({ postCaption: 'Hi @Name of bob', mentions: ['bob'] }));
    const form = await openEdit(user);
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    await user.type(caption, ' and @be');
    const option = await within(form).findByRole('option', { name: 'Ben Okafor' });
    expect(caption).toHaveAttribute('aria-expanded', 'true');
    expect(caption).toHaveAttribute('aria-activedescendant', option.id);
    expect(within(form).getByText(/1 member found/)).toBeInTheDocument();
    // Enter picks the member, it does not save.
    await user.keyboard('{Enter}');
    expect(caption).toHaveValue('Hi @Name of bob and @Ben Okafor ');
    expect(fakes.editPost).not.toHaveBeenCalled();
    // Escape closes the list only; a second Escape would cancel the edit.
    await user.type(caption, '@be');
    await within(form).findByRole('option', { name: 'Ben Okafor' });
    await user.keyboard('{Escape}');
    expect(caption).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('form', { name: 'Edit post' })).toBeInTheDocument();
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fakes.editPost).toHaveBeenCalledWith('post-1', {
      caption: 'Hi @Name of bob and @Ben Okafor ',
      imageAlts: [],
      mentions: ['bob', 'ben-uid'],
    });
  });

  it('drops a mention whose name the edit removed', async () => {
    const { user } = renderCard(makePost({ postCaption: 'Hi @Name of bob', mentions: ['bob'] }));
    const form = await openEdit(user);
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    await user.clear(caption);
    await user.type(caption, 'Hi all');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(fakes.editPost).toHaveBeenCalledWith('post-1', {
      caption: 'Hi all',
      imageAlts: [],
      mentions: [],
    });
  });

  it('offers no description field on a text post, and keeps the caption’s bound', async () => {
    const { user } = renderCard(makePost());
    const form = await openEdit(user);
    expect(within(form).queryByRole('textbox', { name: /Photo description/ })).toBeNull();
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    expect(caption).toHaveAttribute('maxLength', String(CAPTION_MAX_LENGTH));
    expect(within(form).getByText(`11/${CAPTION_MAX_LENGTH}`)).toBeInTheDocument();
  });

  it('says why an empty caption cannot be saved, and keeps the form as it was', async () => {
    const { user } = renderCard(makePost());
    const form = await openEdit(user);
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    await user.clear(caption);
    await user.type(caption, '   ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(fakes.editPost).not.toHaveBeenCalled();
    expect(within(form).getByRole('alert')).toHaveTextContent(FEED_MESSAGES.editEmpty);
    expect(caption).toHaveAttribute('aria-invalid', 'true');
    expect(caption).toHaveAccessibleDescription(new RegExp(FEED_MESSAGES.editEmpty));
    expect(caption).toHaveFocus();
    expect(caption).toHaveValue('   ');
  });

  it('keeps what was typed when saving fails, and says so', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (error: Error) => void = () => undefined;
    fakes.editPost.mockImplementation(() => new Promise((_, reject) => (fail = reject)));
    const { user } = renderCard(makePost());
    const form = await openEdit(user);
    const caption = within(form).getByRole('combobox', { name: 'Caption' });
    await user.type(caption, '!');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('button', { name: 'Saving…' })).toBeDisabled();

    await act(async () => fail(new Error('unavailable')));
    expect(within(form).getByRole('alert')).toHaveTextContent(FEED_MESSAGES.editFailed);
    expect(caption).toHaveValue('Hello there!');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('Cancel and Escape leave the post as it was and return focus to the menu', async () => {
    const { user } = renderCard(makePost());
    let form = await openEdit(user);
    await user.type(within(form).getByRole('combobox', { name: 'Caption' }), ' changed');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post options' })).toHaveFocus();

    form = await openEdit(user);
    expect(within(form).getByRole('combobox', { name: 'Caption' })).toHaveValue('Hello there');
    await user.keyboard(' again{Escape}');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Hello there')).toBeInTheDocument();
    expect(fakes.editPost).not.toHaveBeenCalled();
  });

  it('saving without a change just closes the form', async () => {
    const { user } = renderCard(makePost());
    const form = await openEdit(user);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(fakes.editPost).not.toHaveBeenCalled();
  });
});

describe('an edited post and its history', () => {
  const edited = makePost({
    uid: 'author-1',
    postCaption: 'Windy day',
    postImage: 'https://files.test/kite.jpg',
    postImageAlt: 'A red kite',
    createdAt: CREATED,
    editedAt: EDITED,
    editCount: 2,
  });
  const versions: Array<WithId<PostEdit>> = [
    {
      id: '1',
      uid: 'author-1',
      postCaption: 'Windy',
      postImageAlt: 'A kite',
      versionAt: FIRST_EDIT,
      replacedAt: EDITED,
    },
    {
      id: '0',
      uid: 'author-1',
      postCaption: '<b>Wndy</b>',
      postImageAlt: null,
      versionAt: CREATED,
      replacedAt: FIRST_EDIT,
    },
  ];

  it('shows “Edited” with the time, the full time for assistive technology and on hover', () => {
    renderCard(edited);
    const mark = screen.getByRole('button', { name: /^Edited/ });
    expect(mark).toHaveAttribute('aria-expanded', 'false');
    expect(within(mark).getByText('2 h')).toBeInTheDocument();
    const full = `Edited ${formatFullTime(EDITED.toDate())}. Shows the earlier versions.`;
    expect(mark).toHaveAccessibleDescription(full);
    expect(mark).toHaveAttribute('title', full);
  });

  it('shows nothing of the kind on a post never edited', () => {
    renderCard(makePost({ createdAt: CREATED }));
    expect(screen.queryByRole('button', { name: /^Edited/ })).not.toBeInTheDocument();
  });

  it('opens the earlier versions to any member, newest first, the original last, as text', async () => {
    fakes.usePostEdits.mockReturnValue({ status: 'ready', items: versions });
    const { user } = renderCard(edited);
    expect(fakes.usePostEdits).not.toHaveBeenCalled();
    const mark = screen.getByRole('button', { name: /^Edited/ });
    await user.click(mark);

    const history = await screen.findByRole('region', { name: 'Earlier versions' });
    expect(mark).toHaveAttribute('aria-expanded', 'true');
    expect(fakes.usePostEdits).toHaveBeenCalledWith('post-1');
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Edited version, 5 h.*Windy.*Photo description: A kite$/),
      expect.stringMatching(/^Original, 3 d.*<b>Wndy<\/b>.*Photo description: none$/),
    ]);
    expect(history.querySelector('b')).toBeNull();

    await user.click(mark);
    expect(screen.queryByRole('region', { name: 'Earlier versions' })).not.toBeInTheDocument();
  });

  it('says what every photo of an album was described as in each earlier version', async () => {
    fakes.usePostEdits.mockReturnValue({
      status: 'ready',
      items: [{ ...versions[0]!, photoAlts: [null, 'A field', null] }],
    });
    const album = makePost({
      ...edited,
      photos: {
        images: [edited.postImage!, 'https://files.test/2.jpg', 'https://files.test/3.jpg'],
        thumbnails: ['t1', 't2', 't3'],
        widths: [1, 1, 1],
        heights: [1, 1, 1],
        alts: [null, 'A green field', 'Two horses'],
      },
    });
    const { user } = renderCard(album);
    await user.click(screen.getByRole('button', { name: /^Edited/ }));
    const history = await screen.findByRole('region', { name: 'Earlier versions' });
    const version = within(history).getAllByRole('listitem')[0]!;
    expect(
      within(version)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual([
      'Photo 1 description: A kite',
      'Photo 2 description: A field',
      'Photo 3 description: none',
    ]);
  });

  it('offers Retry when the versions cannot be read', async () => {
    fakes.usePostEdits.mockReturnValue({ status: 'error', error: new Error('x') as never });
    const { user } = renderCard(edited);
    await user.click(screen.getByRole('button', { name: /^Edited/ }));
    expect(await screen.findByText('The earlier versions could not be loaded.')).toBeVisible();
    fakes.usePostEdits.mockReturnValue({ status: 'ready', items: versions });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Earlier versions' })).toBeInTheDocument();
  });
});
