/** The coverage check the SDK rules suites rely on (rules-coverage.ts), without a browser. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Coverage, listStatements } from './rules-coverage';

const repoRoot = join(__dirname, '..', '..', '..', '..');

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function owns(data) {
      return data.owner == request.auth.uid && data.size() == 2;
    }
    match /notes/{id} {
      allow read: if request.auth != null;
      allow create: if request.auth != null && owns(request.resource.data);
      allow delete: if resource.data.owner == request.auth.uid
        || request.auth.token.admin == true;
      allow update: if false;
    }
  }
}`;

test('statements by line and method; single-use functions opened into clauses', () => {
  expect(listStatements(RULES)).toEqual([
    {
      match: '/notes/{id}',
      line: 8,
      methods: ['get', 'list'],
      neverAllows: false,
      alwaysAllows: false,
      clauses: [{ text: 'request.auth != null', branches: [] }],
    },
    expect.objectContaining({
      line: 9,
      methods: ['create'],
      clauses: [
        { text: 'request.auth != null', branches: [] },
        { text: 'data.owner == request.auth.uid', branches: [] },
        { text: 'data.size() == 2', branches: [] },
      ],
    }),
    expect.objectContaining({
      line: 10,
      clauses: [
        {
          text: 'resource.data.owner == request.auth.uid || request.auth.token.admin == true',
          branches: ['resource.data.owner == request.auth.uid', 'request.auth.token.admin == true'],
        },
      ],
    }),
    expect.objectContaining({ line: 12, methods: ['update'], neverAllows: true }),
  ]);
});

test('gaps lists every missing allowed case, signed-out denial, clause and branch', () => {
  const coverage = new Coverage(RULES);
  expect(coverage.gaps()).toEqual([
    '/notes/{id} (L8) get: no allowed case',
    '/notes/{id} (L8) get: no denied case signed out',
    '/notes/{id} (L8) list: no allowed case',
    '/notes/{id} (L8) list: no denied case signed out',
    '/notes/{id} (L8): no denied case breaks `request.auth != null`',
    '/notes/{id} (L9) create: no allowed case',
    '/notes/{id} (L9) create: no denied case signed out',
    '/notes/{id} (L9): no denied case breaks `request.auth != null`',
    '/notes/{id} (L9): no denied case breaks `data.owner == request.auth.uid`',
    '/notes/{id} (L9): no denied case breaks `data.size() == 2`',
    '/notes/{id} (L10) delete: no allowed case',
    '/notes/{id} (L10) delete: no denied case signed out',
    '/notes/{id} (L10): no denied case breaks `resource.data.owner == request.auth.uid || request.auth.token.admin == true`',
    '/notes/{id} (L10): no allowed case via `resource.data.owner == request.auth.uid`',
    '/notes/{id} (L10): no allowed case via `request.auth.token.admin == true`',
    '/notes/{id} (L12) update: no denied case signed out',
    '/notes/{id} (L12): no denied case breaks `false`',
  ]);

  coverage.recordAllowed(coverage.allowance(['/notes/{id} get', '/notes/{id} list']));
  coverage.recordDenied(coverage.denial('/notes/{id} get'), true);
  coverage.recordDenied(coverage.denial('/notes/{id} list'), true);
  coverage.recordAllowed(coverage.allowance(['/notes/{id} create']));
  coverage.recordDenied(coverage.denial('/notes/{id} create', 'request.auth != null'), true);
  coverage.recordDenied(coverage.denial('/notes/{id} create', 'data.owner'), false);
  coverage.recordDenied(coverage.denial('/notes/{id} create', 'size()'), false);
  coverage.recordAllowed(coverage.allowance(['/notes/{id} delete'], 'data.owner'));
  coverage.recordAllowed(coverage.allowance(['/notes/{id} delete'], 'admin'));
  coverage.recordDenied(coverage.denial('/notes/{id} delete'), true);
  coverage.recordDenied(coverage.denial('/notes/{id} update'), true);
  expect(coverage.gaps()).toEqual([]);
});

test('a case must name an existing statement and exactly one clause or branch', () => {
  const coverage = new Coverage(RULES);
  expect(() => coverage.resolve('/notes/{id} write')).toThrow('no allow statement');
  expect(() => coverage.denial('/notes/{id} create')).toThrow('say which clause');
  expect(() => coverage.denial('/notes/{id} create', 'request.auth')).toThrow('matches 2');
  expect(() => coverage.denial('/notes/{id} create', 'nothing like it')).toThrow('matches 0');
  expect(() => coverage.allowance(['/notes/{id} delete'], 'nothing')).toThrow('matches 0');
});

test.each(['firestore.rules', 'storage.rules'])(
  '%s: every statement has clauses to prove',
  (file) => {
    const statements = listStatements(readFileSync(join(repoRoot, file), 'utf8'));
    expect(statements.length).toBeGreaterThan(8);
    for (const statement of statements) expect(statement.clauses.length).toBeGreaterThan(0);
  },
);
