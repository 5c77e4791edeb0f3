import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { newAccountDocuments } from 'shared-firebase/testing/members';
import { test, expect, signIn } from '../fixtures';
import { closeServers } from '../support/servers';
import { sharedLibraryReport } from '../support/share-scope';

// A team ships a change to its own data code alone: the shell is built once (global setup), then
// the profile team builds its remote from a changed copy of its sources — a new query and a new
// field it writes — and deploys it by pointing remotes.json at the new build. The earlier shell
// build runs it, with no shell rebuild.
//
// The new field is `usersData.userInfo.userGender`: a field of the profile team's collection the
// rules already accept (a string or null) and the product never wrote, so no rules change has to
// ship with it. The new query lists the members who chose the same value.

const ROOT = path.resolve(__dirname, '../..');
const SOURCE = path.join(ROOT, 'mfe-profile');
/** Inside the repository, so the copy resolves the workspace's packages as the original does. */
const COPY = path.join(ROOT, 'e2e/.tmp/ship-alone/mfe-profile');

/** The profile team's new data code: a field it writes and a query it makes. */
const NEW_DATA_CODE = `import { limit, query, updateDoc, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { useLiveQuery, userDataRef, usersDataCollection } from 'shared-firebase';

export function saveGender(uid: string, gender: string): Promise<void> {
  return updateDoc(userDataRef(uid).withConverter(null), { 'userInfo.userGender': gender });
}

export function useMembersWithGender(gender: string | null) {
  const members = useMemo(
    () =>
      gender
        ? query(usersDataCollection(), where('userInfo.userGender', '==', gender), limit(20))
        : null,
    [gender],
  );
  return useLiveQuery(members);
}
`;

/** Where the edit screen shows it. */
const NEW_SECTION = `import { useState } from 'react';
import { useMember, useSignedInUid } from 'shared-firebase';
import { Button, TextField } from 'shared-ui';
import { saveGender, useMembersWithGender } from '../data/gender';

export function GenderSection() {
  const uid = useSignedInUid();
  const member = useMember(uid);
  const [typed, setTyped] = useState('');
  const saved = member.status === 'ready' ? member.data.userInfo.userGender : null;
  const same = useMembersWithGender(saved);
  return (
    <section className="ui-card" aria-label="Gender">
      <form onSubmit={(event) => { event.preventDefault(); if (uid) void saveGender(uid, typed); }}>
        <TextField label="Gender" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <Button type="submit">Save gender</Button>
      </form>
      {saved ? <p role="status">Your gender: {saved}</p> : null}
      <ul aria-label="Members of the same gender">
        {same.status === 'ready'
          ? same.items.map((entry) => <li key={entry.id}>{entry.userInfo.userName}</li>)
          : null}
      </ul>
    </section>
  );
}
`;

/** Copies the profile remote's sources (not its builds) and applies the team's change. */
function changedCopy(): void {
  fs.rmSync(COPY, { recursive: true, force: true });
  fs.cpSync(SOURCE, COPY, {
    recursive: true,
    filter: (from) => !/[/\\](node_modules|dist|\.tmp)$/.test(from),
  });
  const tsconfig = path.join(COPY, 'tsconfig.json');
  const base = path.relative(COPY, path.join(ROOT, 'tsconfig.base.json'));
  fs.writeFileSync(
    tsconfig,
    fs.readFileSync(tsconfig, 'utf8').replace('"../tsconfig.base.json"', JSON.stringify(base)),
  );
  fs.writeFileSync(path.join(COPY, 'src/data/gender.ts'), NEW_DATA_CODE);
  fs.writeFileSync(path.join(COPY, 'src/edit/GenderSection.tsx'), NEW_SECTION);
  const page = path.join(COPY, 'src/pages/EditProfilePage.tsx');
  const text = fs.readFileSync(page, 'utf8');
  const anchor = '      <DeleteAccountSection />';
  if (!text.includes(anchor)) throw new Error(`${page} no longer renders ${anchor.trim()}`);
  fs.writeFileSync(
    page,
    `import { GenderSection } from '../edit/GenderSection';\n${text.replace(anchor, `      <GenderSection />\n${anchor}`)}`,
  );
}

/** The files of a build, by name: what a rebuild would change. */
function buildFiles(dir: string): string[] {
  return fs.readdirSync(dir).sort();
}

test.describe('a team ships alone', () => {
  const servers: Server[] = [];
  test.afterAll(async () => {
    await closeServers(servers);
    fs.rmSync(path.dirname(COPY), { recursive: true, force: true });
  });

  test('a remote built from a change to its own data code runs on the earlier shell build', async ({
    page,
    stack,
    members,
    admin,
  }) => {
    // One remote's production build; under load it takes a few minutes.
    test.setTimeout(15 * 60_000);
    const shellDir = path.join(ROOT, 'shell/dist');
    const shellBuild = buildFiles(shellDir);
    // The types of feed's post list, which the profile's build reads (its build script fetches
    // them first, as here).
    if (!fs.existsSync(path.join(SOURCE, '@mf-types'))) {
      await promisify(execFile)(
        process.execPath,
        ['tools/build-config/federated-types.cjs', 'profile'],
        {
          cwd: ROOT,
        },
      );
    }
    changedCopy();
    await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/webpack'),
      ['--mode', 'production', '--stats', 'errors-only'],
      { cwd: COPY, maxBuffer: 64 * 1024 * 1024 },
    );

    const { serveDir } = await import('../../tools/scripts/lib/serve-apps.mjs');
    const { freePort } = await import('../../tools/scripts/lib/ports.mjs');
    const [remotePort, shellPort] = [await freePort(), await freePort()];
    const runtimeConfig = await (await fetch(`${stack.shellUrl}/runtime-config.json`)).json();
    const remotes: Record<string, string> = await (
      await fetch(`${stack.shellUrl}/remotes.json`)
    ).json();
    // The deploy: the new build, and its line in remotes.json. The shell is the earlier build.
    remotes.profile = `http://127.0.0.1:${remotePort}/mf-manifest.json`;
    servers.push(
      await serveDir({ dir: path.join(COPY, 'dist'), port: remotePort }),
      await serveDir({
        dir: shellDir,
        port: shellPort,
        files: { '/remotes.json': () => remotes, '/runtime-config.json': () => runtimeConfig },
      }),
    );
    const shellUrl = `http://127.0.0.1:${shellPort}`;

    const gender = `ship-alone-${Date.now()}`;
    const member = await members.create({ username: 'Shipping Ann' });
    const alike = await members.create({ username: 'Alike Bo' });
    const other = await members.create({ username: 'Other Cy' });
    const withGender = (username: string, userGender: string) => {
      const { userData } = newAccountDocuments(username);
      return { ...userData, userInfo: { ...userData.userInfo, userGender } };
    };
    await admin.write([
      { path: `usersData/${alike.uid}`, data: withGender(alike.username, gender) },
      { path: `usersData/${other.uid}`, data: withGender(other.username, `${gender}-not`) },
    ]);

    await signIn(page, member, shellUrl);
    await page.goto(`${shellUrl}/edit-profile`);
    const section = page.getByRole('region', { name: 'Gender' });
    await section.getByRole('textbox', { name: 'Gender' }).fill(gender);
    await section.getByRole('button', { name: 'Save gender' }).click();

    // The new field was written (the rules accepted it) and the new query finds who shares it.
    await expect(section.getByRole('status')).toHaveText(`Your gender: ${gender}`);
    const same = section.getByRole('list', { name: 'Members of the same gender' });
    await expect
      .poll(async () => (await same.getByRole('listitem').allTextContents()).sort(), {
        timeout: 20_000,
      })
      .toEqual([alike.username, member.username].sort());
    expect((await admin.get(`usersData/${member.uid}`))?.data).toMatchObject({
      userInfo: { userGender: gender },
    });

    // It came from the new build, on the page's one copy of every shared library, and the shell
    // was not rebuilt.
    const fromNewBuild = await page.evaluate(
      (origin) => performance.getEntriesByType('resource').some((e) => e.name.startsWith(origin)),
      `http://127.0.0.1:${remotePort}`,
    );
    expect(fromNewBuild).toBe(true);
    for (const [pkg, copies] of Object.entries((await sharedLibraryReport(page)).loadedCopies)) {
      expect(copies, pkg).toHaveLength(1);
    }
    expect(buildFiles(shellDir)).toEqual(shellBuild);
  });
});
