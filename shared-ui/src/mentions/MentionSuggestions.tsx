import { Avatar } from '../Avatar';
import type { MentionSuggestionsState } from './useMentionCombobox';

/** How many members were found, said by screen readers when it changes. */
function announcement({ open, options }: MentionSuggestionsState): string {
  if (!open) return '';
  const count = options.length === 1 ? '1 member' : `${options.length} members`;
  return `${count} found. Up and down arrows to choose, Enter to insert.`;
}

/**
 * The members useMentionCombobox suggests: a listbox under the field (present but hidden while
 * closed, so the field's `aria-controls` always names it) and a live region with the count. A
 * click picks an option without taking the focus from the field.
 */
export function MentionSuggestions(props: MentionSuggestionsState) {
  const { listboxId, open, options, active, optionId, onPick, onHover } = props;
  return (
    <>
      <ul id={listboxId} role="listbox" aria-label="Members" className="ui-mentions" hidden={!open}>
        {options.map((option, index) => (
          <li
            key={option.uid}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="ui-mentions__option"
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => onHover(index)}
            onClick={() => onPick(option)}
          >
            <Avatar {...option.picture} alt="" size={28} />
            <span>{option.name}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="ui-visually-hidden">
        {announcement(props)}
      </p>
    </>
  );
}
