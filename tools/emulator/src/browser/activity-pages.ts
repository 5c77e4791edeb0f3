import type { Principal } from '../common/auth';
import type { StreamSessionInfo } from '../firestore/server';
import { dataTable, html, type Html } from './html';
import { page } from './layout';

/** Live views reload themselves this often. */
export const REFRESH_SECONDS = 3;

function who(principal: Principal): string {
  if (principal.kind === 'user') return principal.auth.uid;
  return principal.kind === 'owner' ? '(owner)' : '(signed out)';
}

function iso(millis: number): string {
  return new Date(millis).toISOString();
}

function sessionTable(kind: 'Listen' | 'Write', sessions: StreamSessionInfo[]): Html {
  const mine = sessions.filter((s) => s.kind === kind);
  if (mine.length === 0) return html`<p class="empty">No open ${kind} sessions.</p>`;
  const rows = mine.map(
    (s) =>
      html`<tr class="session">
        <td><code>${s.id}</code></td>
        <td>${who(s.principal)}</td>
        <td><time>${iso(s.openedAt)}</time></td>
        <td><time>${iso(s.lastRead)}</time></td>
        <td>${s.connected ? 'connected' : 'waiting'}</td>
        <td>${s.messagesReceived} in / ${s.messagesSent} out</td>
        ${
          kind === 'Listen'
            ? html`<td>
                ${
                  s.targets.length === 0
                    ? html`<span class="empty">none</span>`
                    : html`<ul>
                        ${s.targets.map((t) => html`<li>${t.targetId}: <code>${t.description}</code></li>`)}
                      </ul>`
                }
              </td>`
            : ''
        }
      </tr>`,
  );
  return dataTable(
    `sessions ${kind}`,
    [
      'session',
      'user',
      'opened',
      'last read',
      'stream',
      'messages',
      ...(kind === 'Listen' ? ['targets'] : []),
    ],
    rows,
  );
}

export function sessionsPage(sessions: StreamSessionInfo[]): Html {
  return page(
    'Live sessions',
    '/sessions',
    html`<p>
        Firestore streams open now (WebChannel). This page reloads every ${REFRESH_SECONDS} s.
      </p>
      <h2>Listen</h2>
      ${sessionTable('Listen', sessions)}
      <h2>Write</h2>
      ${sessionTable('Write', sessions)}`,
    REFRESH_SECONDS,
  );
}

export function overviewPage(
  counts: {
    documents: number;
    files: number;
    listen: number;
    write: number;
    allowed: number;
    denied: number;
  },
  cleared: boolean,
): Html {
  return page(
    'Overview',
    '/',
    html`${cleared ? html`<p role="status">All data was deleted.</p>` : ''}
      <ul>
        <li><a href="/firestore">Firestore</a>: ${counts.documents} documents</li>
        <li><a href="/storage">Storage</a>: ${counts.files} files</li>
        <li>
          <a href="/sessions">Live sessions</a>: ${counts.listen} Listen, ${counts.write} Write
        </li>
        <li><a href="/auth">Auth</a>: the Auth emulator's users</li>
        <li>
          <a href="/requests">Requests</a>: ${counts.allowed} allowed and ${counts.denied} denied of
          the last ones kept
        </li>
        <li><a href="/coverage">Rules coverage</a>: which rules lines ran</li>
      </ul>`,
  );
}

export function clearPage(csrfToken: string, counts: { documents: number; files: number }): Html {
  return page(
    'Clear data',
    '/clear',
    html`<p>
        This deletes all ${counts.documents} Firestore documents and all ${counts.files} Storage
        files of this emulator. It cannot be undone.
      </p>
      <form method="post" action="/clear">
        <input type="hidden" name="csrf" value="${csrfToken}" />
        <button class="danger" type="submit">Delete all data</button> <a href="/">Cancel</a>
      </form>`,
  );
}
