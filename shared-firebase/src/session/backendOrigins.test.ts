import { backendOrigins } from './backendOrigins';

const firebase = { apiKey: 'k', projectId: 'demo-social', appId: 'a' };

describe('backendOrigins', () => {
  it('names the emulators of a local backend, Storage without CORS', () => {
    expect(
      backendOrigins({
        firebase,
        emulators: {
          auth: 'http://127.0.0.1:9099',
          firestore: { host: '127.0.0.1', port: 8080 },
          storage: { host: 'localhost', port: 9199 },
        },
      }),
    ).toEqual([
      { origin: 'http://127.0.0.1:9099', cors: true },
      { origin: 'http://127.0.0.1:8080', cors: true },
      { origin: 'http://localhost:9199', cors: false },
    ]);
  });

  it("names Google's hosts in production", () => {
    expect(backendOrigins({ firebase, emulators: null }).map(({ origin }) => origin)).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://firestore.googleapis.com',
      'https://firebasestorage.googleapis.com',
    ]);
  });
});
