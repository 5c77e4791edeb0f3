// `npm run deploy -w <app>`: builds one app for production and deploys it alone to its Firebase
// Hosting target (firebase.json `hosting[].target`). DRY_RUN=1 prints the steps without running
// them. A remote's new version goes live only when remotes.json points at it (docs/DEPLOY.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
const site = (config.hosting ?? []).find((entry) => entry.target === target);
if (!site) {
  console.error(`No hosting target "${target}" in firebase.json.`);
  process.exit(2);
}
const folder = path.dirname(site.public);
const project = process.env.FIREBASE_PROJECT ? ['--project', process.env.FIREBASE_PROJECT] : [];
const steps = [
  { cwd: path.join(ROOT, folder), command: 'npm', args: ['run', 'build'] },
  {
    cwd: ROOT,
    command: 'npx',
    args: [
      'firebase',
      'deploy',
      '--only',
      `hosting:${target}`,
      '--config',
      'firebase.json',
      ...project,
    ],
  },
];

for (const step of steps) {
  const line = `(cd ${path.relative(ROOT, step.cwd) || '.'} && ${step.command} ${step.args.join(' ')})`;
  if (process.env.DRY_RUN === '1') {
    console.log(`would run: ${line}`);
    continue;
  }
  console.log(`running: ${line}`);
  const result = spawnSync(step.command, step.args, { cwd: step.cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
