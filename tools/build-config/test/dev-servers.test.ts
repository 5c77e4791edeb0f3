import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devPort, devPorts, portVariable } from '../dev-ports.cjs';
import { isLoopbackHostname } from '../loopback.cjs';
import { RemoteOverrideError, devRemotesJson, remoteOverrides } from '../remote-overrides.cjs';
import { REMOTES } from '../federation.cjs';

/** A remote's fixed port from the list. */
const portOf = (name: string): number => REMOTES[name]!.port;
const NO_FILE = path.join(os.tmpdir(), 'no-such-remotes.local.json');

describe('dev ports', () => {
  it('keeps each app on its port from the list unless <NAME>_PORT moves it', () => {
    const ports = devPorts({ FEED_PORT: '4102' });
    expect(ports.shell).toEqual({ port: 3000, variable: 'SHELL_PORT' });
    expect(ports.feed).toEqual({ port: 4102, variable: 'FEED_PORT' });
    expect(ports.profile?.port).toBe(portOf('profile'));
    expect(Object.keys(ports).sort()).toEqual(['shell', ...Object.keys(REMOTES)].sort());
    expect(devPort('auth', { AUTH_PORT: '4101' })).toBe(4101);
  });

  it('refuses a variable that is not a port', () => {
    expect(() => devPorts({ SHELL_PORT: 'abc' })).toThrow('SHELL_PORT=abc is not a port number.');
    expect(portVariable('my-remote')).toBe('MY_REMOTE_PORT');
  });
});

describe('loopback host names', () => {
  it.each(['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'app.localhost', '0.0.0.0'])(
    '%s is this machine',
    (name) => expect(isLoopbackHostname(name)).toBe(true),
  );
  it.each(['example.com', 'demo-social-feed.web.app', '10.0.0.1', 'localhost.example.com'])(
    '%s is not',
    (name) => expect(isLoopbackHostname(name)).toBe(false),
  );
});

describe('remote overrides in development', () => {
  it('serves every remote on the page’s own loopback name at its dev port', () => {
    const json = devRemotesJson('localhost', {}, NO_FILE);
    expect(json.feed).toBe(`http://localhost:${portOf('feed')}/mf-manifest.json`);
    expect(devRemotesJson('[::1]', { MEMBERS_PORT: '4105' }, NO_FILE).members).toBe(
      'http://[::1]:4105/mf-manifest.json',
    );
    // A Host header that is not this machine gets the numeric address.
    expect(devRemotesJson('evil.example', {}, NO_FILE).auth).toBe(
      `http://127.0.0.1:${portOf('auth')}/mf-manifest.json`,
    );
  });

  it('REMOTES_OVERRIDE (inline JSON) points one remote at a deployed manifest', () => {
    const env = { REMOTES_OVERRIDE: '{"feed": "https://demo-social-feed.web.app"}' };
    const json = devRemotesJson('localhost', env, NO_FILE);
    expect(json.feed).toBe('https://demo-social-feed.web.app/mf-manifest.json');
    expect(json.profile).toBe(`http://localhost:${portOf('profile')}/mf-manifest.json`);
  });

  it('reads a file: REMOTES_OVERRIDE=<path>, else remotes.local.json', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'overrides-'));
    const file = path.join(dir, 'remotes.local.json');
    fs.writeFileSync(file, JSON.stringify({ profile: 'https://cdn.example.test/profile/v7/' }));
    expect(remoteOverrides({}, file)).toEqual({
      overrides: { profile: 'https://cdn.example.test/profile/v7/mf-manifest.json' },
      source: file,
    });
    expect(remoteOverrides({ REMOTES_OVERRIDE: file }, NO_FILE).overrides.profile).toBe(
      'https://cdn.example.test/profile/v7/mf-manifest.json',
    );
    expect(remoteOverrides({}, NO_FILE)).toEqual({ overrides: {}, source: null });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names what is wrong: an unknown remote, a non-URL, bad JSON', () => {
    const bad = (value: string) => () => remoteOverrides({ REMOTES_OVERRIDE: value }, NO_FILE);
    expect(bad('{"fed": "https://x.test"}')).toThrow(/no remote named "fed"/);
    expect(bad('{"feed": "not a url"}')).toThrow(/"feed" is not a URL/);
    expect(bad('{"feed": "ftp://x.test/m.json"}')).toThrow(/must be an http\(s\) URL/);
    expect(bad('{feed')).toThrow(RemoteOverrideError);
  });
});
