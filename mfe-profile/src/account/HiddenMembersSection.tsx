import { useState } from 'react';
import { setBlocked, setMuted, useHiddenMembers, useMember } from 'shared-firebase';
import { Button, Spinner } from 'shared-ui';

interface HiddenRowProps {
  uid: string;
  /** "Unblock" or "Unmute". */
  undoLabel: string;
  undo: () => Promise<void>;
}

function HiddenRow({ uid, undoLabel, undo }: HiddenRowProps) {
  const member = useMember(uid);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const name =
    member.status === 'ready' ? member.data.userInfo?.userName || 'A member' : 'A former member';
  return (
    <li className="profile-hidden__row">
      <span>{member.status === 'loading' ? '…' : name}</span>
      <Button
        variant="secondary"
        aria-label={`${undoLabel} ${name}`}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          undo()
            .catch((error: unknown) => {
              console.error(`${undoLabel} failed`, error);
              setFailed(true);
            })
            .finally(() => setBusy(false));
        }}
      >
        {undoLabel}
      </Button>
      {failed ? <span role="alert">{undoLabel} did not finish. Try again.</span> : null}
    </li>
  );
}

/**
 * Settings: the members the signed-in member blocked and muted, each with its undo. The lists are
 * the live edges (useHiddenMembers), so a row goes as soon as its edge does.
 */
export function HiddenMembersSection({ me }: { me: string }) {
  const hidden = useHiddenMembers();
  const lists = [
    {
      id: 'blocked',
      title: 'Blocked members',
      empty: 'You have not blocked anyone.',
      uids: [...hidden.blocked],
      undoLabel: 'Unblock',
      undo: (uid: string) => setBlocked(me, uid, false),
    },
    {
      id: 'muted',
      title: 'Muted members',
      empty: 'You have not muted anyone.',
      uids: [...hidden.muted],
      undoLabel: 'Unmute',
      undo: (uid: string) => setMuted(me, uid, false),
    },
  ];
  return (
    <>
      {lists.map((list) => (
        <section key={list.id} className="ui-card" aria-labelledby={`hidden-${list.id}`}>
          <h2 id={`hidden-${list.id}`} className="ui-setting__heading">
            {list.title}
          </h2>
          {!hidden.loaded ? (
            <Spinner label="Loading…" />
          ) : list.uids.length === 0 ? (
            <p>{list.empty}</p>
          ) : (
            <ul className="profile-hidden">
              {list.uids.map((uid) => (
                <HiddenRow
                  key={uid}
                  uid={uid}
                  undoLabel={list.undoLabel}
                  undo={() => list.undo(uid)}
                />
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}
