// Lets a plain Node process load this package's TypeScript sources, as jest does for the tests:
// a `.ts` file is compiled on require with the repository's Babel setup (inline source maps, so a
// child's stack traces name the .ts lines) and cached by content under .tmp/run-ts-cache/.
const babel = require('@babel/core');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const cacheDir = path.resolve(__dirname, '../.tmp/run-ts-cache');
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
      sourceMaps: 'inline',
    }).code;
    const tmp = `${cached}.${process.pid}`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, cached);
  }
  module._compile(code, filename);
};
