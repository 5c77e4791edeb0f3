import { Link } from 'react-router-dom';
import type { MemberCard } from 'shared-firebase';
import { useNameChangeNeed } from '../data';
import type { NameChangeNeed } from '../data';

const REASONS: Record<Exclude<NameChangeNeed, 'none'>, string> = {
  characters:
    'Your username contains hidden or direction-changing characters, or too many marks on one letter, which new names may not.',
  taken: 'Another member has a username that counts as the same as yours.',
  review: 'Your username needs to be chosen again.',
};

/**
 * Asks a member whose name breaks the name rules (one from before them) to choose another,
 * without stopping them: a note on their own profile with a link to the edit screen.
 */
export function NameChangePrompt({ uid, profile }: { uid: string; profile: MemberCard }) {
  const need = useNameChangeNeed(uid, profile);
  if (need === 'none') return null;
  return (
    <aside className="ui-card profile-name-prompt" aria-label="Choose a new username">
      <p>
        {REASONS[need]} So that nobody can be mistaken for someone else, please choose a new one.
      </p>
      <Link to="/edit-profile" className="ui-button">
        Choose a new username
      </Link>
    </aside>
  );
}
