import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextAreaField } from '../TextField';
import { insertMention, mentionQueryAt } from './mentionQuery';
import { MentionSuggestions } from './MentionSuggestions';
import { useMentionCombobox } from './useMentionCombobox';
import type { MentionOption } from './useMentionCombobox';
import type { MentionedMember } from '../text/links';

const member = (uid: string, name: string): MentionOption => ({ uid, name, picture: null });
const MEMBERS = [
  member('ann', 'Ann'),
  member('anna', 'Anna Berg'),
  member('old', 'Old Timer ebefab'),
  member('bob', 'Bob'),
];

/** Members whose name starts with the prefix, as the feed's search answers (a fake boundary). */
const search = jest.fn(async (prefix: string) =>
  MEMBERS.filter((m) => m.name.toLowerCase().startsWith(prefix.toLowerCase())),
);

let sent: { text: string; mentions: string[] } | null = null;

/** `initial` and `known`: an edit of a stored text that mentions `known`. */
function Field({
  initial = '',
  known,
  maxMentions,
}: {
  initial?: string;
  known?: MentionedMember[];
  maxMentions?: number;
}) {
  const [text, setText] = useState(initial);
  const mention = useMentionCombobox({
    value: text,
    onValueChange: setText,
    search,
    maxQueryLength: 32,
    debounceMs: 100,
    known,
    maxMentions,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        sent = { text, mentions: mention.mentionsIn(text, 5) };
      }}
    >
      <div className="ui-mention-field">
        <TextAreaField label="Caption" value={text} {...mention.fieldProps} />
        <MentionSuggestions {...mention.suggestions} />
      </div>
      <button type="submit">Post</button>
    </form>
  );
}

beforeEach(() => {
  jest.useFakeTimers();
  search.mockClear();
  sent = null;
});
afterEach(() => jest.useRealTimers());

const setup = () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<Field />);
  return { user, field: screen.getByRole('combobox', { name: 'Caption' }) };
};
/** Lets the debounce pass and the search answer. */
const settle = () => act(async () => void (await jest.advanceTimersByTimeAsync(150)));

describe('the mention combobox', () => {
  it('suggests nobody more once the text mentions as many members as one text may', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Field maxMentions={1} />);
    const field = screen.getByRole('combobox', { name: 'Caption' });
    await user.type(field, 'Hi @bo');
    await settle();
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Hi @Bob ');
    search.mockClear();
    await user.type(field, 'and @an');
    await settle();
    expect(search).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    // Taking the first mention out frees its place.
    await user.clear(field);
    await user.type(field, 'Hi @an');
    await settle();
    expect(field).toHaveAttribute('aria-expanded', 'true');
  });

  it('is a closed combobox until a name is typed after @, then lists the members found', async () => {
    const { user, field } = setup();
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    const listbox = screen.getByRole('listbox', { hidden: true });
    expect(field).toHaveAttribute('aria-controls', listbox.id);

    await user.type(field, 'Hi @an');
    await settle();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ann', 'Anna Berg']);
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('2 members found');
    // Typing on searched once, after the pause.
    expect(search.mock.calls.map(([prefix]) => prefix)).toEqual(['an']);
  });

  it('moves with the arrow keys (wrapping) and inserts “@Name ” with Enter', async () => {
    const { user, field } = setup();
    await user.type(field, 'Hi @an');
    await settle();
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Hi @Anna Berg ');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect((field as HTMLTextAreaElement).selectionStart).toBe('Hi @Anna Berg '.length);
    // Enter picked; it did not send the form.
    expect(sent).toBeNull();
  });

  it('picks with Tab and with a click, and the sent text stores the picked members', async () => {
    const { user, field } = setup();
    await user.type(field, '@ol');
    await settle();
    await user.keyboard('{Tab}');
    expect(field).toHaveValue('@Old Timer ebefab ');
    expect(field).toHaveFocus();
    await user.type(field, 'meet @b');
    await settle();
    await user.click(screen.getByRole('option', { name: 'Bob' }));
    expect(field).toHaveValue('@Old Timer ebefab meet @Bob ');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(sent).toEqual({ text: '@Old Timer ebefab meet @Bob ', mentions: ['old', 'bob'] });
  });

  it('closes with Escape until another @ is typed, and a name no longer typed is not stored', async () => {
    const { user, field } = setup();
    await user.type(field, '@bo');
    await settle();
    await user.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(field, 'b');
    await settle();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    // Typed out by hand, never picked: no mention.
    expect(sent).toEqual({ text: '@bob', mentions: [] });
  });

  it('asks no more once a prefix found nobody, and suggests nothing in an e-mail address', async () => {
    const { user, field } = setup();
    await user.type(field, '@zz');
    await settle();
    await user.type(field, 'zz');
    await settle();
    expect(search.mock.calls.map(([prefix]) => prefix)).toEqual(['zz']);
    await user.clear(field);
    await user.type(field, 'ann@an');
    await settle();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('editing a text that already mentions members', () => {
  it('keeps the known members the text still names, beside those picked, and drops the removed', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Field initial="Hi @Ann and @Cy" known={[member('ann', 'Ann'), member('cy', 'Cy')]} />);
    const field = screen.getByRole('combobox', { name: 'Caption' });
    // Cy's name goes; Bob is picked.
    await user.click(field);
    for (let i = 0; i < ' and @Cy'.length; i++) await user.keyboard('{Backspace}');
    await user.type(field, ' @bo');
    await settle();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(sent).toEqual({ text: 'Hi @Ann @Bob ', mentions: ['ann', 'bob'] });
  });
});

describe('mentionQueryAt and insertMention', () => {
  it('find the @ being typed, spaces in the name included', () => {
    expect(mentionQueryAt('Hi @Old Ti', 10, 32)).toEqual({ start: 3, end: 10, query: 'Old Ti' });
    expect(mentionQueryAt('Hi @', 4, 32)).toBeNull();
    expect(mentionQueryAt('Hi @ x', 6, 32)).toBeNull();
    expect(mentionQueryAt('@a\nb', 4, 32)).toBeNull();
    expect(mentionQueryAt(`@${'a'.repeat(33)}`, 34, 32)).toBeNull();
    expect(mentionQueryAt('東京で@An', 6, 32)).toEqual({ start: 3, end: 6, query: 'An' });
  });

  it('insert the name and one space, keeping the text after the caret', () => {
    const at = { start: 3, end: 6, query: 'an' };
    expect(insertMention('Hi @an', at, 'Ann')).toEqual({ text: 'Hi @Ann ', caret: 8 });
    expect(insertMention('Hi @an there', at, 'Ann')).toEqual({ text: 'Hi @Ann there', caret: 8 });
  });
});
