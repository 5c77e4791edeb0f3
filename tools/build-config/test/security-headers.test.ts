import fs from 'node:fs';
import path from 'node:path';
import { productionAppOrigins, withProductionSecurityHeaders } from '../hosting-headers.cjs';
import {
  FIREBASE_ENDPOINTS,
  contentSecurityPolicy,
  securityHeaders,
} from '../security-headers.cjs';

const FIREBASE_JSON = path.join(__dirname, '..', '..', '..', 'firebase.json');

const directive = (policy: string, name: string): string[] =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))!
    .split(' ')
    .slice(1);

describe('firebase.json', () => {
  it('sends the headers of the one definition on every Hosting target (run tools/scripts/security-headers.mjs)', () => {
    const config = JSON.parse(fs.readFileSync(FIREBASE_JSON, 'utf8'));
    expect(withProductionSecurityHeaders(config)).toEqual(config);
    for (const site of config.hosting) {
      const keys = site.headers.flatMap((rule: { headers: Array<{ key: string }> }) =>
        rule.headers.map((header) => header.key),
      );
      expect(keys).toEqual(
        expect.arrayContaining([
          'Content-Security-Policy',
          'X-Content-Type-Options',
          'Referrer-Policy',
        ]),
      );
    }
  });
});

describe('contentSecurityPolicy', () => {
  const apps = ['https://shell.example.test', 'https://feed.example.test/'];

  it('production: scripts only from the apps, connections only to Firebase', () => {
    const policy = contentSecurityPolicy({ appOrigins: apps });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      'https://shell.example.test',
      'https://feed.example.test',
    ]);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://shell.example.test',
      'https://feed.example.test',
      ...FIREBASE_ENDPOINTS,
    ]);
    expect(directive(policy, 'img-src')).toContain('https://firebasestorage.googleapis.com');
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    // The photo worker starts from a blob: URL (shared-firebase's imageWorker).
    expect(directive(policy, 'worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|127\.0\.0\.1|\*/);
  });

  it('development: the emulators instead of Firebase’s endpoints', () => {
    const policy = contentSecurityPolicy({
      appOrigins: apps,
      emulators: {
        auth: 'http://127.0.0.1:9099',
        firestore: { host: '127.0.0.1', port: 8080 },
        storage: { host: '127.0.0.1', port: 9199 },
      },
    });
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([
        'http://127.0.0.1:9099',
        'http://127.0.0.1:8080',
        'http://127.0.0.1:9199',
      ]),
    );
    expect(directive(policy, 'img-src')).toContain('http://127.0.0.1:9199');
    expect(policy).not.toContain('googleapis.com');
  });

  it('comes with nosniff and a referrer policy', () => {
    expect(securityHeaders({ appOrigins: productionAppOrigins() })).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
  });
});
