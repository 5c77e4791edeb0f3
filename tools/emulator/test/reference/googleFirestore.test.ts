import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  JAR_VARIABLE,
  ReferenceEmulatorMissing,
  locateGoogleFirestore,
  startGoogleFirestore,
} from '../../src/reference/googleFirestore';
import { referenceInstall } from '../harness/reference';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('locating the reference emulator', () => {
  it('names the variable when it points nowhere', () => {
    const attempt = () => locateGoogleFirestore({ [JAR_VARIABLE]: '/nowhere/emulator.jar' });
    expect(attempt).toThrow(ReferenceEmulatorMissing);
    expect(attempt).toThrow(`${JAR_VARIABLE}=/nowhere/emulator.jar does not exist`);
  });

  it('says how to install Java when there is none', () => {
    const jar = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jar-')), 'emulator.jar');
    fs.writeFileSync(jar, '');
    const attempt = () => locateGoogleFirestore({ [JAR_VARIABLE]: jar, PATH: '' });
    expect(attempt).toThrow(ReferenceEmulatorMissing);
    expect(attempt).toThrow(/Java .* was not found.*apt-get install -y openjdk-17-jre-headless/);
  });
});

const install = referenceInstall();

(install ? describe : describe.skip)('Google’s Cloud Firestore emulator', () => {
  jest.setTimeout(180_000);

  it('keeps data across a restart in its data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'google-firestore-'));
    const projectId = 'demo-reference';
    const document = `projects/${projectId}/databases/(default)/documents/notes/one`;
    const options = { projectId, port: await freePort(), dataDir, install: install! };

    const first = await startGoogleFirestore(options);
    const written = await fetch(
      `${first.url}/v1/projects/${projectId}/databases/(default)/documents:commit`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          writes: [{ update: { name: document, fields: { n: { integerValue: '7' } } } }],
        }),
      },
    );
    expect(written.status).toBe(200);
    await first.stop();

    const second = await startGoogleFirestore({ ...options, port: await freePort() });
    try {
      const read = await fetch(`${second.url}/v1/${document}`, {
        headers: { Authorization: 'Bearer owner' },
      });
      expect(await read.json()).toMatchObject({ fields: { n: { integerValue: '7' } } });
    } finally {
      await second.stop();
    }
  });
});
