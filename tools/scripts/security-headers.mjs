// Writes the production security headers (tools/build-config/security-headers.cjs, origins from
// tools/build-config/hosting-origins.json) into every Hosting target of firebase.json. `--check` only reports
// whether firebase.json is up to date (exit 1 when not); build-config's tests run the same comparison.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withProductionSecurityHeaders } from 'build-config/hosting-headers.cjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const file = path.join(ROOT, 'firebase.json');
const current = fs.readFileSync(file, 'utf8');
const { format } = await import('prettier');
const wanted = await format(JSON.stringify(withProductionSecurityHeaders(JSON.parse(current))), {
  filepath: file,
});
if (process.argv.includes('--check')) {
  if (JSON.stringify(JSON.parse(current)) !== JSON.stringify(JSON.parse(wanted))) {
    console.error(
      'firebase.json headers are out of date: run node tools/scripts/security-headers.mjs',
    );
    process.exit(1);
  }
  console.log('firebase.json security headers are up to date');
} else {
  fs.writeFileSync(file, wanted);
  console.log('wrote the security headers into firebase.json');
}
