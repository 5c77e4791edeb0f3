// Compile progress of a dev server, as lines `npm start` reads (tools/scripts/start.mjs): with
// DEV_PROGRESS_LINES=1 each build reports `@@progress <0-100>` as it goes and `@@compiled <errors>`
// when done. Without it (a remote's own `npm start`) webpack-cli's usual output is left alone.
const PROGRESS_VARIABLE = 'DEV_PROGRESS_LINES';
const PROGRESS_PREFIX = '@@progress ';
const COMPILED_PREFIX = '@@compiled ';

class DevProgressPlugin {
  constructor(name, env = process.env, write = (line) => process.stdout.write(line)) {
    this.name = name;
    this.enabled = env[PROGRESS_VARIABLE] === '1';
    this.write = write;
  }

  apply(compiler) {
    if (!this.enabled) return;
    let last = -1;
    new compiler.webpack.ProgressPlugin((fraction) => {
      const percent = Math.floor(fraction * 100);
      // Steps of 5 % are enough to show movement without flooding the pipe.
      if (percent === last || (percent - last < 5 && percent < 100 && percent > last)) return;
      last = percent;
      this.write(`${PROGRESS_PREFIX}${percent}\n`);
    }).apply(compiler);
    compiler.hooks.done.tap('DevProgressPlugin', (stats) => {
      last = -1;
      this.write(`${COMPILED_PREFIX}${stats.compilation.errors.length}\n`);
    });
  }
}

module.exports = { DevProgressPlugin, PROGRESS_VARIABLE, PROGRESS_PREFIX, COMPILED_PREFIX };
