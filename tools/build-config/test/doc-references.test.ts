import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  checkDocument,
  readRepository,
  subfolders,
  tableFolders,
  type RepositoryFacts,
} from './doc-references';

// A newcomer follows README.md and docs/: every folder, file, link, remote, route and npm command
// they name must exist, and the README's folder tables must list exactly the folders of the tree.

const repo = readRepository();
const DOCS = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe.each(DOCS)('%s', (doc) => {
  it('names only folders, files, links, remotes, routes and npm commands that exist', () => {
    expect(checkDocument(doc, fs.readFileSync(path.join(ROOT, doc), 'utf8'), repo)).toEqual([]);
  });
});

describe('the README', () => {
  it('has a folder table listing exactly the top-level folders', () => {
    expect(tableFolders(README, 'folder').sort()).toEqual(subfolders('', repo));
  });

  it('has a table listing exactly the folders of tools/', () => {
    expect(tableFolders(README, 'in `tools/`').sort()).toEqual(subfolders('tools', repo));
  });
});

describe('the check finds what does not exist', () => {
  const planted = (markdown: string, facts: RepositoryFacts = repo) =>
    checkDocument('docs/PLANTED.md', markdown, facts).map((problem) => problem.reference);

  it('a path, in a code span or a link, and a link to a missing heading', () => {
    expect(
      planted(
        'See `tooling/federation.cjs`, `tools/build-config/federation.cjs`, `scripts/`, ' +
          '[the guide](GUIDE.md), [data](DATA_MODEL.md#no-such-heading) and [contract](CONTRACT.md).',
      ),
    ).toEqual(['GUIDE.md', 'DATA_MODEL.md#no-such-heading', 'tooling/federation.cjs', 'scripts/']);
  });

  it('a generated path (git-ignored) is not required to exist', () => {
    expect(planted('Builds land in `shell/dist/`, data in `.data/firestore/`.')).toEqual([]);
  });

  it('a route, a remote, an exposed module and the count of the remotes', () => {
    expect(
      planted(
        'Visit `/login`, `/profile/:uid`, `/sign-in` and `/profile/{uid}/followers`; ' +
          'the `mfe-chat` remote; `feed/post-list`, `feed/comments`; the five remotes.',
      ),
    ).toEqual(['/sign-in', 'feed/comments', 'mfe-chat', 'the five remotes']);
  });

  it('an npm command of the root, of a workspace and of a folder', () => {
    expect(
      planted(
        '`npm start`, `npm run seed`, `npm run sed`, `npm run deploy -w mfe-feed`, ' +
          '`npm run deploy -w tools/emulator`, `npm test -w e2e`, `cd mfe-feed && npm start`, ' +
          '`cd mfe-feed && npm run bundle`, `npm run build -w no-such-package`.',
      ),
    ).toEqual([
      'npm run sed',
      'npm run deploy -w tools/emulator',
      'cd mfe-feed && npm run bundle',
      'npm run build -w no-such-package',
    ]);
  });

  it('a folder table that leaves out a folder or lists one too many', () => {
    const table = '| folder | owns |\n|---|---|\n| `shell/` | x |\n| `tooling/` | y |\n';
    expect(tableFolders(table, 'folder')).toEqual(['shell', 'tooling']);
    expect(tableFolders(table, 'folder').sort()).not.toEqual(subfolders('', repo));
  });
});
