// Runs a TypeScript entry point of this package in a plain Node process (for tests that need a
// real child process, e.g. kill -9): .ts files are compiled on require with the repo's Babel
// setup, cached by content under tools/emulator/.tmp/run-ts-cache/.
const babel = require('@babel/core');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const cacheDir = path.resolve(__dirname, '../../.tmp/run-ts-cache');
fs.mkdirSync(cacheDir, { recursive: true });

require.extensions['.ts'] = (module, filename) => {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha1').update(filename).update('\0').update(source).digest('hex');
  const cached = path.join(cacheDir, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = babel.transformSync(source, {
      filename,
      cwd: __dirname,
      rootMode: 'upward',
      envName: 'test',
    }).code;
    const tmp = `${cached}.${process.pid}`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, cached);
  }
  module._compile(code, filename);
};

const [entry, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], path.resolve(entry), ...args];
require(path.resolve(entry));
