import { TextField } from 'shared-ui';

export interface MemberSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The search box above the list: finds members whose name starts with what is typed. */
export function MemberSearchField({ value, onChange }: MemberSearchFieldProps) {
  return (
    <form role="search" className="members-search" onSubmit={(event) => event.preventDefault()}>
      <TextField
        label="Search members"
        type="search"
        placeholder="Search by name"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </form>
  );
}
