import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WireChannel } from '../../bench/wire/channel';

// A WebChannel server with Google's emulator's two habits the wire client must live with: it
// drops a kept-alive connection once it has answered a POST on it (without `Connection: close`),
// and its forward-channel replies count the bytes still outstanding on the backchannel.

const frame = (value: unknown) => {
  const json = JSON.stringify(value);
  return `${json.length}\n${json}`;
};

function googleLikeServer(): Promise<{ url: string; posts: () => number; close(): Promise<void> }> {
  const answeredPost = new WeakSet<Socket>();
  let backchannel: http.ServerResponse | null = null;
  const unsent: unknown[] = []; // messages echoed before the backchannel opened
  let nextArray = 1;
  let posts = 0;
  const server = http.createServer((req, res) => {
    if (answeredPost.has(req.socket)) {
      req.socket.destroy(); // the request is lost; a browser sends it again on a new connection
      return;
    }
    if (req.method === 'GET') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write(frame([[nextArray++, ['noop']]]));
      for (const message of unsent.splice(0)) res.write(frame([[nextArray++, [message]]]));
      backchannel = res;
      return;
    }
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      posts++;
      const params = new URLSearchParams(body);
      const reply = new URL(req.url!, 'http://x').searchParams.has('SID')
        ? frame([1, nextArray - 1, 7])
        : frame([[0, ['c', 'session', '', 8, 12, 30000]]]);
      res.on('finish', () => answeredPost.add(req.socket));
      res.end(reply);
      // Each forwarded message is echoed on the backchannel.
      const data = params.get('req0___data__');
      if (data && params.get('ofs') !== '0') {
        if (backchannel) backchannel.write(frame([[nextArray++, [JSON.parse(data)]]]));
        else unsent.push(JSON.parse(data));
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        posts: () => posts,
        close: () =>
          new Promise((done) => {
            backchannel?.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

test('sends every message through a server that drops connections after each POST', async () => {
  const server = await googleLikeServer();
  const agent = new http.Agent({ keepAlive: true });
  const received: unknown[] = [];
  const errors: Error[] = [];
  const channel = await WireChannel.open(
    {
      baseUrl: server.url,
      stream: 'Write',
      database: 'projects/p/databases/(default)',
      initHeaders: {},
      agent,
      onMessage: (message) => received.push(message),
      onError: (error) => errors.push(error),
    },
    { database: 'projects/p/databases/(default)' },
  );
  try {
    for (let i = 0; i < 3; i++) {
      channel.send({ n: i });
      const deadline = Date.now() + 5000;
      while (received.length <= i && errors.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    expect(errors).toEqual([]);
    expect(received).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(server.posts()).toBe(4); // the handshake and three forward POSTs, none lost
  } finally {
    await channel.close().catch(() => undefined);
    agent.destroy();
    await server.close();
  }
});
