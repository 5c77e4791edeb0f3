// A free TCP port, for whatever starts servers next to a developer's running stack (scripts,
// tests, benchmarks): asking the OS beats guessing and colliding.
const net = require('node:net');

/** A port nobody listens on right now (the OS picks it; a tiny race remains until it is bound). */
function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

module.exports = { freePort };
