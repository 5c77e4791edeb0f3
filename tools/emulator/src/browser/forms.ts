import { html, type Html } from './html';

/**
 * A POST form of the data browser: it carries the per-start token the server checks (with the
 * browser's Origin and Sec-Fetch-Site) before it changes anything. `confirm` asks first (the
 * page's script shows it; without script the form posts at once).
 */
export function postForm(
  action: string,
  csrf: string,
  hidden: Record<string, string>,
  body: Html,
  options: { confirm?: string; className?: string; label?: string } = {},
): Html {
  return html`<form
    method="post"
    action="${action}"
    ${options.className ? html` class="${options.className}"` : ''}
    ${options.confirm ? html` data-confirm="${options.confirm}"` : ''}
    ${options.label ? html` aria-label="${options.label}"` : ''}
  >
    <input type="hidden" name="csrf" value="${csrf}" />
    ${Object.entries(hidden).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    )}
    ${body}
  </form>`;
}

/** A one-button POST form (delete, reset, disable). */
export function postButton(
  action: string,
  csrf: string,
  hidden: Record<string, string>,
  label: string,
  options: { confirm?: string; danger?: boolean; accessibleName?: string } = {},
): Html {
  return postForm(
    action,
    csrf,
    hidden,
    html`<button
      type="submit"
      ${options.danger ? html` class="danger"` : ''}
      ${options.accessibleName ? html` aria-label="${options.accessibleName}"` : ''}
    >
      ${label}
    </button>`,
    { confirm: options.confirm, className: 'inline' },
  );
}

/** A message at the top of a page: what was just done, or why it was not. */
export function notice(text: string | null, kind: 'status' | 'alert' = 'status'): Html | '' {
  if (!text) return '';
  return html`<p role="${kind}" class="${kind === 'alert' ? 'error' : 'notice'}">${text}</p>`;
}
