import { preconnect } from './preconnect';

describe('preconnect', () => {
  afterEach(() => document.head.replaceChildren());

  it('adds one preconnect link per origin, credentialless for the CORS ones', () => {
    preconnect([
      { origin: 'http://127.0.0.1:8080', cors: true },
      { origin: 'http://127.0.0.1:9199', cors: false },
    ]);
    const links = [...document.head.querySelectorAll('link[rel="preconnect"]')];
    expect(
      links.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')]),
    ).toEqual([
      ['http://127.0.0.1:8080', 'anonymous'],
      ['http://127.0.0.1:9199', null],
    ]);
  });
});
