// Loopback addresses: what the dev servers answer on (a page opened at localhost, 127.0.0.1 or
// [::1] all work) and what a production deploy must never point at.
const http = require('node:http');

/** Names the dev servers accept in Host headers; `::1` is how [::1] arrives once parsed. */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '::1'];

/** True for localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0 (brackets allowed). */
function isLoopbackHostname(hostname) {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '::1' ||
    name === '0:0:0:0:0:0:0:1' ||
    name === '0.0.0.0' ||
    name === '::'
  );
}

/**
 * webpack-dev-server listens on one address (127.0.0.1). Browsers resolve `localhost` to ::1 as
 * well, so a second server on ::1 answers with the same app, WebSocket upgrades (live reload)
 * included. A machine without IPv6 keeps working on 127.0.0.1 alone.
 */
function alsoListenOnIpv6Loopback(devServer, onError = () => undefined) {
  const main = devServer.server;
  const address = main.address();
  if (!address || typeof address === 'string') return;
  const second = http.createServer(devServer.app);
  second.on('upgrade', (request, socket, head) => main.emit('upgrade', request, socket, head));
  second.on('error', onError);
  second.listen(address.port, '::1');
  main.on('close', () => second.close());
}

module.exports = { LOOPBACK_HOSTNAMES, isLoopbackHostname, alsoListenOnIpv6Loopback };
