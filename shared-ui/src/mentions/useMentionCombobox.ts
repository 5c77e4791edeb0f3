import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent, SyntheticEvent } from 'react';
import { mentionedIn } from '../text/links';
import type { MentionedMember } from '../text/links';
import { insertMention, mentionQueryAt } from './mentionQuery';
import type { MentionQuery } from './mentionQuery';

/** A member the suggestions offer. */
export interface MentionOption {
  uid: string;
  name: string;
  /** The picture's sources; null shows the placeholder. */
  picture: { src: string; srcSet?: string } | null;
}

export interface MentionComboboxOptions {
  value: string;
  onValueChange: (value: string) => void;
  /** The members whose name starts with `prefix` (as typed after the `@`), a few at most. */
  search: (prefix: string) => Promise<readonly MentionOption[]>;
  /** The longest name: an `@` further back than this from the caret is not being typed. */
  maxQueryLength: number;
  /** How long typing must pause before a search. */
  debounceMs?: number;
  /**
   * Members the text already mentions (an edit of a stored text): their `@name` counts as picked,
   * so the text still mentions them when it is sent again.
   */
  known?: readonly MentionedMember[];
  /**
   * Most members one text may mention: once the text mentions this many, no more are suggested
   * (one more could not be stored, so it would mention nobody).
   */
  maxMentions?: number;
}

/** What the suggestion list shows; MentionSuggestions renders it. */
export interface MentionSuggestionsState {
  listboxId: string;
  open: boolean;
  options: readonly MentionOption[];
  active: number;
  optionId: (index: number) => string;
  onPick: (option: MentionOption) => void;
  onHover: (index: number) => void;
}

type Field = HTMLTextAreaElement | HTMLInputElement;

const NOBODY: readonly MentionedMember[] = [];

const sameQuery = (a: MentionQuery | null, b: MentionQuery | null) =>
  a === b || (a !== null && b !== null && a.start === b.start && a.query === b.query);

/**
 * A text field that suggests members while `@name` is typed: the ARIA 1.2 combobox pattern on the
 * field itself (`role="combobox"`, `aria-autocomplete="list"`, `aria-expanded`, `aria-controls`,
 * `aria-activedescendant`; focus stays in the field), with a listbox of members beside it.
 * ArrowDown / ArrowUp move through the options, Enter or Tab inserts `@Name ` for the active one,
 * Escape closes the list until another `@` is typed. Searches wait for `debounceMs` of quiet, the
 * answer to an older query is dropped, and once a prefix found nobody no longer one is asked for.
 * Spread `fieldProps` on the field and render `suggestions` with MentionSuggestions.
 */
export function useMentionCombobox({
  value,
  onValueChange,
  search,
  maxQueryLength,
  debounceMs = 150,
  known = NOBODY,
  maxMentions = Infinity,
}: MentionComboboxOptions) {
  const listboxId = useId();
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [found, setFound] = useState<{ for: string; options: readonly MentionOption[] }>({
    for: '',
    options: [],
  });
  const [active, setActive] = useState(0);
  // The `@` (its position) whose list the member closed with Escape.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [picked, setPicked] = useState<readonly MentionedMember[]>([]);
  const field = useRef<Field | null>(null);
  const caretAfterPick = useRef<number | null>(null);
  // A prefix that found nobody: no longer prefix can find anyone either.
  const foundNobody = useRef<string | null>(null);

  const full = mentionedIn(value, [...known, ...picked], maxMentions).length >= maxMentions;
  const asked = query && query.start !== dismissedAt && !full ? query.query : null;
  const options = asked !== null && found.for === asked ? found.options : [];
  const open = options.length > 0;

  useEffect(() => {
    if (asked === null) return;
    const nobody = foundNobody.current;
    if (nobody !== null && asked.toLowerCase().startsWith(nobody.toLowerCase())) return;
    let current = true;
    const timer = setTimeout(() => {
      search(asked).then(
        (members) => {
          if (!current) return;
          if (members.length === 0) foundNobody.current = asked;
          setFound({ for: asked, options: members });
          setActive(0);
        },
        () => {
          if (current) setFound({ for: asked, options: [] });
        },
      );
    }, debounceMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asked, search, debounceMs]);

  // The caret goes after the inserted `@Name ` once the field holds it.
  useLayoutEffect(() => {
    const caret = caretAfterPick.current;
    if (caret === null || !field.current) return;
    caretAfterPick.current = null;
    field.current.setSelectionRange(caret, caret);
  }, [value]);

  const track = useCallback(
    (element: Field) => {
      const caret = element.selectionStart ?? element.value.length;
      const next =
        element.selectionEnd === caret
          ? mentionQueryAt(element.value, caret, maxQueryLength)
          : null;
      setQuery((current) => (sameQuery(current, next) ? current : next));
      if (!next) setDismissedAt(null);
    },
    [maxQueryLength],
  );

  const pick = (option: MentionOption) => {
    if (!query) return;
    const inserted = insertMention(value, query, option.name);
    setPicked((list) => [
      ...list.filter((member) => member.uid !== option.uid),
      { uid: option.uid, name: option.name },
    ]);
    caretAfterPick.current = inserted.caret;
    setQuery(null);
    onValueChange(inserted.text);
  };

  const onKeyDown = (event: KeyboardEvent<Field>) => {
    if (!open || event.nativeEvent.isComposing) return;
    const count = options.length;
    if (event.key === 'ArrowDown') setActive((index) => (index + 1) % count);
    else if (event.key === 'ArrowUp') setActive((index) => (index - 1 + count) % count);
    else if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) {
      pick(options[Math.min(active, count - 1)]!);
    } else if (event.key === 'Escape') {
      // Closes the list only: a form around the field (an edit) stays open.
      event.stopPropagation();
      setDismissedAt(query?.start ?? null);
    } else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${listboxId}-option-${index}`;

  const fieldProps = {
    ref: (element: Field | null) => {
      field.current = element;
    },
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listboxId,
    'aria-activedescendant': open ? optionId(Math.min(active, options.length - 1)) : undefined,
    onChange: (event: ChangeEvent<Field>) => {
      onValueChange(event.target.value);
      track(event.target);
    },
    onSelect: (event: SyntheticEvent<Field>) => track(event.currentTarget),
    onKeyDown,
    onBlur: () => setQuery(null),
  };

  const suggestions: MentionSuggestionsState = {
    listboxId,
    open,
    options,
    active: Math.min(active, Math.max(0, options.length - 1)),
    optionId,
    onPick: pick,
    onHover: setActive,
  };

  return {
    fieldProps,
    suggestions,
    /**
     * The uids to store with `text`: the known and picked members whose `@name` it still holds.
     */
    mentionsIn: (text: string, max: number) => mentionedIn(text, [...known, ...picked], max),
    /**
     * The members picked from the suggestions, with each name as it was inserted: what a draft
     * keeps so its mentions survive a reload. It may name members the text no longer holds;
     * `mentionsIn` leaves those out.
     */
    picked,
    /** Takes `members` as the picked ones (a restored draft's). */
    restorePicked: (members: readonly MentionedMember[]) => setPicked(members),
    /** Forgets the picked members (the text was sent or discarded). */
    reset: () => setPicked([]),
  };
}
