import type { AuthUser } from './auth-client';
import { notice, postButton, postForm } from './forms';
import { dataTable, href, html, type Html } from './html';
import { page } from './layout';

/** Users listed per page. */
export const USERS_PAGE_SIZE = 100;

/** What a form showed when saving it failed, so nothing typed is lost. */
export type EnteredUser = Record<'uid' | 'email' | 'displayName' | 'claims', string> & {
  disabled: boolean;
};

function claimsText(user: AuthUser): string {
  const text = user.customAttributes ?? '';
  if (text === '' || text === '{}') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function enteredOf(user: AuthUser | null): EnteredUser {
  return {
    uid: user?.localId ?? '',
    email: user?.email ?? '',
    displayName: user?.displayName ?? '',
    claims: user ? claimsText(user) : '',
    disabled: user?.disabled === true,
  };
}

function time(millis: string | undefined): Html | '' {
  if (!millis || !/^\d+$/.test(millis)) return '';
  return html`<time>${new Date(Number(millis)).toISOString()}</time>`;
}

function userRow(user: AuthUser): Html {
  const providers = (user.providerUserInfo ?? []).map((p) => p.providerId);
  const claims =
    user.customAttributes && user.customAttributes !== '{}' ? user.customAttributes : '';
  return html`<tr class="user">
    <td><a href="${href('/auth/user', { uid: user.localId })}">${user.localId}</a></td>
    <td>${user.email ?? ''}</td>
    <td>${user.displayName ?? ''}</td>
    <td>
      ${providers.length > 0 ? providers.join(', ') : html`<span class="empty">anonymous</span>`}
    </td>
    <td>${claims ? html`<code>${claims}</code>` : ''}</td>
    <td>${user.disabled ? html`<strong>disabled</strong>` : 'enabled'}</td>
    <td>${time(user.createdAt)}</td>
  </tr>`;
}

/** The fields of the add and edit forms. */
function userFields(entered: EnteredUser, creating: boolean): Html {
  return html`${
      creating
        ? html`<label
            >uid
            <input
              name="uid"
              value="${entered.uid}"
              autocomplete="off"
              placeholder="empty: a random uid"
          /></label>`
        : ''
    }
    <label
      >E-mail <input name="email" type="email" value="${entered.email}" autocomplete="off"
    /></label>
    <label
      >Display name <input name="displayName" value="${entered.displayName}" autocomplete="off"
    /></label>
    <label
      >${creating ? 'Password' : 'New password'}
      <input
        name="password"
        type="password"
        autocomplete="new-password"
        aria-describedby="${creating ? 'password-hint-new' : 'password-hint'}"
    /></label>
    <p class="hint" id="${creating ? 'password-hint-new' : 'password-hint'}">
      ${creating ? 'Needed with an e-mail address; at least 6 characters.' : 'Empty: the password stays as it is.'}
    </p>
    <label for="${creating ? 'claims-new' : 'claims'}">Custom claims</label>
    <textarea
      id="${creating ? 'claims-new' : 'claims'}"
      name="claims"
      rows="4"
      aria-describedby="${creating ? 'claims-hint-new' : 'claims-hint'}"
    >
${entered.claims}</textarea>
    <p class="hint" id="${creating ? 'claims-hint-new' : 'claims-hint'}">
      A JSON object, e.g. {"admin": true}; members' ID tokens carry it from their next sign-in or
      token refresh. Empty: no claims.
    </p>
    <label
      ><input type="checkbox" name="disabled" ${entered.disabled ? html` checked` : ''} />
      Disabled</label
    >`;
}

const NOT_CONFIGURED = html`<p role="alert" class="error">
  The Auth emulator's address is not known. Start the emulator with
  <code>--auth-emulator host:port</code> (or <code>EMULATOR_AUTH_EMULATOR</code>, or
  <code>FIREBASE_AUTH_EMULATOR_HOST</code>); <code>npm start</code> and
  <code>npm run emulators</code> pass it.
</p>`;

/** `/auth`: the users, a page at a time, and the form that adds one. */
export function authPage(options: {
  configured: boolean;
  users: AuthUser[];
  nextPageToken?: string;
  after?: string;
  csrf: string;
  message: Html | '';
  entered?: EnteredUser;
}): Html {
  if (!options.configured) return page('Auth', '/auth', NOT_CONFIGURED);
  const list =
    options.users.length === 0
      ? html`<p class="empty">No users${options.after ? ' after this one' : ''}.</p>`
      : dataTable(
          'users',
          ['uid', 'e-mail', 'display name', 'providers', 'custom claims', 'state', 'created'],
          options.users.map(userRow),
        );
  const next = options.nextPageToken
    ? html`<nav class="pages" aria-label="Pages">
        <a href="${href('/auth', { after: options.nextPageToken })}">Next ${USERS_PAGE_SIZE}</a>
      </nav>`
    : '';
  return page(
    'Auth',
    '/auth',
    html`${options.message}
      <p>
        The users of firebase-tools' Auth emulator, in uid order.
        <a href="#add-user">Add a user</a>
      </p>
      ${list} ${next}
      ${postForm(
        '/auth/create',
        options.csrf,
        {},
        html`<h2 id="add-user">Add a user</h2>
          ${userFields(options.entered ?? enteredOf(null), true)}
          <p><button type="submit">Add user</button></p>`,
        { className: 'panel', label: 'Add a user' },
      )}`,
  );
}

/** `/auth/user?uid=`: one user's details, the edit form, disable or enable, delete. */
export function userPage(
  user: AuthUser,
  csrf: string,
  message: Html | '',
  entered?: EnteredUser,
): Html {
  const uid = user.localId;
  return page(
    `User ${uid}`,
    '/auth',
    html`${message}
      <nav class="crumbs" aria-label="Path"><a href="/auth">Auth</a> / ${uid}</nav>
      <p>
        ${user.disabled ? html`<strong>Disabled</strong>: this user cannot sign in.` : 'Enabled.'}
        Created ${time(user.createdAt) || 'at an unknown time'}, last signed in
        ${time(user.lastLoginAt) || 'never'}.
      </p>
      ${postForm(
        '/auth/update',
        csrf,
        { uid },
        html`<h2>Edit</h2>
          ${userFields(entered ?? enteredOf(user), false)}
          <p><button type="submit">Save</button></p>`,
        { className: 'panel', label: `Edit user ${uid}` },
      )}
      <section class="panel" aria-labelledby="user-actions">
        <h2 id="user-actions">Disable or delete</h2>
        ${postButton(
          '/auth/disable',
          csrf,
          { uid, disabled: user.disabled ? 'false' : 'true' },
          user.disabled ? 'Enable user' : 'Disable user',
        )}
        ${postButton('/auth/delete', csrf, { uid }, 'Delete user', {
          danger: true,
          confirm: `Delete the user ${uid}?`,
        })}
      </section>`,
  );
}

/** A page saying the Auth emulator refused or did not answer. */
export function authErrorPage(message: string): Html {
  return page('Auth', '/auth', notice(message, 'alert') || html``);
}
