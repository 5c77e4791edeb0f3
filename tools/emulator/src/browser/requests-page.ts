import { dataTable, href, html, type Html } from './html';
import { page } from './layout';
import type { RecordedRequest } from './sources';

/** The live view reloads itself this often. */
export const REQUESTS_REFRESH_SECONDS = 3;

/** Which requests the page lists, from its query string. */
export interface RequestFilter {
  outcome: 'all' | 'allowed' | 'denied';
  service: 'all' | 'firestore' | 'storage';
  /** Listed when the path contains this text. */
  path: string;
  live: boolean;
}

export function requestFilterOf(params: URLSearchParams): RequestFilter {
  const outcome = params.get('outcome');
  const service = params.get('service');
  return {
    outcome: outcome === 'allowed' || outcome === 'denied' ? outcome : 'all',
    service: service === 'firestore' || service === 'storage' ? service : 'all',
    path: (params.get('path') ?? '').trim(),
    live: params.get('live') === '1',
  };
}

function matches(request: RecordedRequest, filter: RequestFilter): boolean {
  if (filter.outcome === 'allowed' && !request.granted) return false;
  if (filter.outcome === 'denied' && request.granted) return false;
  const service = request.service === 'cloud.firestore' ? 'firestore' : 'storage';
  if (filter.service !== 'all' && filter.service !== service) return false;
  return filter.path === '' || request.path.includes(filter.path);
}

/** A document path links to the document; a list's query (a placeholder id) does not. */
function pathCell(request: RecordedRequest): Html {
  const isDocument =
    request.service === 'cloud.firestore' &&
    /^projects\/[^/]+\/databases\/[^/]+\/documents\/([^/]+\/[^/]+)(\/[^/]+\/[^/]+)*$/.test(
      request.path,
    ) &&
    !request.path.endsWith('/__query_document__');
  const shown = request.path.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  return isDocument
    ? html`<a href="${href('/firestore', { path: request.path })}">${shown}</a>`
    : html`<span>${shown.replace(/__query_document__$/, '*')}</span>`;
}

function statementsCell(request: RecordedRequest): Html {
  if (request.statements.length === 0) {
    return html`<span class="empty">No allow statement matches this path and method.</span>`;
  }
  return html`<ul class="statements">
    ${request.statements.map(
      (s, i) =>
        html`<li>
          <strong>${request.fileName}:${s.line}</strong>
          <span class="${s.granted ? 'outcome-allowed' : 'outcome-denied'}"
            >${s.granted ? 'granted' : s.reason}</span
          >
          <pre class="rule">${request.statementSources[i] ?? ''}</pre>
        </li>`,
    )}
  </ul>`;
}

function requestRow(request: RecordedRequest): Html {
  const outcome = request.granted ? 'allowed' : 'denied';
  // The time of day (UTC, as the ISO form ends with Z); the date is in the title.
  const at = request.at.toISOString();
  return html`<tr class="request ${outcome}">
    <td><time datetime="${at}" title="${at}">${at.slice(11)}</time></td>
    <td>${request.service === 'cloud.firestore' ? 'Firestore' : 'Storage'}</td>
    <td>${request.method}</td>
    <td class="path">${pathCell(request)}</td>
    <td class="user">${request.uid ?? '(signed out)'}</td>
    <td class="${`outcome-${outcome}`}">${outcome}</td>
    <td>${statementsCell(request)}</td>
  </tr>`;
}

function option(value: string, label: string, selected: string): Html {
  return html`<option value="${value}" ${value === selected ? html` selected` : ''}>
    ${label}
  </option>`;
}

function filterForm(filter: RequestFilter): Html {
  return html`<form method="get" action="/requests" class="filters" aria-label="Filter requests">
    <label
      >Outcome
      <select name="outcome">
        ${option('all', 'all', filter.outcome)} ${option('allowed', 'allowed', filter.outcome)}
        ${option('denied', 'denied', filter.outcome)}
      </select></label
    >
    <label
      >Service
      <select name="service">
        ${option('all', 'both', filter.service)} ${option('firestore', 'Firestore', filter.service)}
        ${option('storage', 'Storage', filter.service)}
      </select></label
    >
    <label>Path contains <input name="path" value="${filter.path}" /></label>
    <label
      ><input type="checkbox" name="live" value="1" ${filter.live ? html` checked` : ''} /> reload
      every ${REQUESTS_REFRESH_SECONDS} s</label
    >
    <button type="submit">Show</button>
  </form>`;
}

/** `/requests`: the last requests the rules decided, with the lines that decided them. */
export function requestsPage(requests: RecordedRequest[], filter: RequestFilter): Html {
  const shown = requests.filter((r) => matches(r, filter));
  const body =
    shown.length === 0
      ? html`<p class="empty">No request${requests.length === 0 ? ' yet' : ' matches'}.</p>`
      : dataTable(
          'requests',
          ['time', 'service', 'method', 'path', 'user', 'outcome', 'decided by'],
          shown.map(requestRow),
        );
  return page(
    'Requests',
    '/requests',
    html`<p>
        The last ${requests.length} requests the rules decided (of both services, newest first),
        with each <code>allow</code> statement evaluated: the one that granted, or every one that
        did not. Requests with the admin token, and requests while a service has no rules, are not
        judged by rules and are not listed.
      </p>
      ${filterForm(filter)} ${body}`,
    filter.live ? REQUESTS_REFRESH_SECONDS : undefined,
  );
}
