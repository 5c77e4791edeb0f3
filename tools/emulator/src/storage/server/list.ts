import { compareNames } from '../store';
import { badRequest } from './errors';

export interface ListRequest {
  prefix: string;
  delimiter: string;
  pageToken?: string;
  maxResults?: string;
}

export interface ListPage {
  prefixes: string[];
  items: string[];
  nextPageToken?: string;
}

const DEFAULT_MAX_RESULTS = 1000;

// Names with empty segments cannot be addressed by the SDK; the official emulator hides them.
function isAddressable(path: string): boolean {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  return trimmed !== '' && trimmed.split('/').every((segment) => segment !== '');
}

function decodePageToken(token: string): string {
  const decoded = Buffer.from(token, 'base64url').toString('utf8');
  if (!token || Buffer.from(decoded, 'utf8').toString('base64url') !== token) {
    throw badRequest('Invalid page token.');
  }
  return decoded;
}

/**
 * One page of a listing. Items and folder prefixes are merged in name order and paged together,
 * as GCS does; the page token names the last entry returned, so objects added or deleted between
 * pages never repeat or skip an entry that was already there.
 */
export function listPage(sortedNames: string[], request: ListRequest): ListPage {
  const { prefix, delimiter } = request;
  if (prefix !== '' && !prefix.endsWith('/')) {
    throw badRequest(
      'The prefix parameter is required to be empty or ends with a single / character.',
    );
  }
  let maxResults = DEFAULT_MAX_RESULTS;
  if (request.maxResults !== undefined) {
    maxResults = Number(request.maxResults);
    if (!Number.isInteger(maxResults) || maxResults <= 0) {
      throw badRequest(`Invalid value for maxResults: ${request.maxResults}`);
    }
    maxResults = Math.min(maxResults, DEFAULT_MAX_RESULTS);
  }
  const after = request.pageToken ? decodePageToken(request.pageToken) : undefined;

  const page: ListPage = { prefixes: [], items: [] };
  let lastKey: string | undefined;
  let count = 0;
  for (const name of sortedNames) {
    if (!name.startsWith(prefix)) continue;
    const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
    const key = cut === -1 ? name : name.slice(0, cut + delimiter.length);
    if (key === lastKey) continue;
    if (after !== undefined && compareNames(key, after) <= 0) continue;
    const isPrefix = cut !== -1;
    if (!isAddressable(isPrefix ? key.replace(/\/$/, '') : key)) continue;
    if (count === maxResults) {
      page.nextPageToken = Buffer.from(lastKey!, 'utf8').toString('base64url');
      break;
    }
    if (isPrefix) page.prefixes.push(key);
    else page.items.push(key);
    lastKey = key;
    count++;
  }
  return page;
}
