import fs from 'node:fs';
import path from 'node:path';
import remotes from 'remote-list/remotes.json';
import { productionAppOrigins, withRemoteTargets } from '../hosting-headers.cjs';

const FIREBASE_JSON = path.join(__dirname, '..', '..', '..', 'firebase.json');
type Site = { target: string; public: string; headers: unknown[] };

describe('Hosting targets follow the list of remotes', () => {
  it('firebase.json has one target per app, serving its dist/ (run tools/scripts/security-headers.mjs)', () => {
    const config = JSON.parse(fs.readFileSync(FIREBASE_JSON, 'utf8')) as { hosting: Site[] };
    expect(config.hosting.map((site) => [site.target, site.public])).toEqual([
      ['shell', 'shell/dist'],
      ...Object.entries(remotes).map(([name, { folder }]) => [name, `${folder}/dist`]),
    ]);
  });

  it('adds a missing remote’s target made like the others, and leaves existing ones alone', () => {
    const members = { target: 'members', public: 'mfe-members/dist', headers: [{ h: 1 }] };
    const config = { hosting: [{ target: 'shell', public: 'shell/dist', headers: [] }, members] };
    const completed = withRemoteTargets(config);
    expect(completed.hosting.slice(0, 2)).toEqual(config.hosting);
    expect(completed.hosting).toContainEqual({
      target: 'activity',
      public: 'mfe-activity/dist',
      headers: [{ h: 1 }],
    });
    expect(completed.hosting).toHaveLength(1 + Object.keys(remotes).length);
  });

  it('gives every app a production origin, by convention when hosting-origins.json names none', () => {
    const origins = productionAppOrigins();
    expect(origins).toHaveLength(1 + Object.keys(remotes).length);
    expect(origins).toContain('https://demo-social-members.web.app');
    expect(origins).toContain('https://demo-social-activity.web.app');
  });
});
