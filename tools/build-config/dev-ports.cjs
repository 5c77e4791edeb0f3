// The local ports of the shell and every remote (remote-list/remotes.json), each movable with
// `<NAME>_PORT` (SHELL_PORT, FEED_PORT, …) so two runs, or a test, can use other ports.
const { REMOTES, SHELL_PORT } = require('./federation.cjs');

/** The variable that moves one app's port: 'feed' → FEED_PORT. */
function portVariable(name) {
  return `${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_PORT`;
}

/** app name → { port, variable } for the shell and every remote. */
function devPorts(env = process.env) {
  const fixed = {
    shell: SHELL_PORT,
    ...Object.fromEntries(Object.entries(REMOTES).map(([name, { port }]) => [name, port])),
  };
  return Object.fromEntries(
    Object.entries(fixed).map(([name, port]) => {
      const variable = portVariable(name);
      const chosen = env[variable] ? Number(env[variable]) : port;
      if (!Number.isInteger(chosen) || chosen <= 0 || chosen > 65535)
        throw new Error(`${variable}=${env[variable]} is not a port number.`);
      return [name, { port: chosen, variable }];
    }),
  );
}

/** One app's port. */
function devPort(name, env = process.env) {
  const entry = devPorts(env)[name];
  if (!entry) throw new Error(`No app named "${name}" in remote-list/remotes.json.`);
  return entry.port;
}

module.exports = { devPorts, devPort, portVariable };
