import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// docs/DEPLOY.md and the README tell operators which firebase-tools commands to run to set up,
// switch and roll back. Each must exist in the installed firebase-tools (15 has no
// `hosting:rollback`, which an earlier DEPLOY.md named).

const ROOT = path.resolve(__dirname, '../../..');
const FIREBASE = path.join(ROOT, 'node_modules/.bin/firebase');
const DOCS = ['docs/DEPLOY.md', 'README.md'];

/** What `firebase help <command>` prints: a usage line for a command, a warning otherwise. */
function help(command: string): string {
  return execFileSync(FIREBASE, ['help', command], {
    encoding: 'utf8',
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function documentedCommands(): string[] {
  const commands = new Set<string>();
  for (const doc of DOCS) {
    const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
    for (const match of text.matchAll(/npx firebase ([a-z][a-z:]*)/g)) commands.add(match[1]!);
  }
  return [...commands].sort();
}

it('the docs name the commands they rely on', () => {
  expect(documentedCommands()).toEqual(
    expect.arrayContaining(['deploy', 'hosting:channel:deploy', 'hosting:clone', 'use']),
  );
});

it.each(documentedCommands())('firebase %s exists in the installed firebase-tools', (command) => {
  expect(help(command)).toContain(`Usage: firebase ${command} `);
});

it('firebase-tools has no hosting:rollback, so the docs never tell anyone to run it', () => {
  expect(help('hosting:rollback')).not.toContain('Usage: firebase hosting:rollback');
  expect(documentedCommands()).not.toContain('hosting:rollback');
});
