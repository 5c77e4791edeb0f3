// `npm run moderator -- grant <email>` / `npm run moderator -- revoke <email>`: gives or takes the
// moderator role (lib/moderators.mjs). Against the running local backend by default (its ports
// and project from runtime-config.json, as `npm run seed`); with `--production --project <id>`,
// against the real project with the Application Default Credentials.
import { parseArgs } from 'node:util';
import { localRuntimeConfig } from 'build-config/runtime-config.cjs';
import { adminAuth, setModerator } from './lib/moderators.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { production: { type: 'boolean', default: false }, project: { type: 'string' } },
});
const [command, email] = positionals;
if (!['grant', 'revoke'].includes(command ?? '') || !email) {
  console.error(
    'Usage: npm run moderator -- grant|revoke <email> [--production --project <project id>]',
  );
  process.exit(2);
}
if (values.production && !values.project) {
  console.error('--production needs --project <project id>.');
  process.exit(2);
}

const local = localRuntimeConfig(process.env);
const auth = values.production
  ? adminAuth(values.project)
  : adminAuth(local.firebase.projectId, local.emulators.auth);
try {
  const uid = await setModerator(auth, email, command === 'grant');
  console.log(
    `${email} (${uid}) ${command === 'grant' ? 'is now a moderator' : 'is no longer a moderator'} in ${
      values.production ? values.project : `${local.firebase.projectId} (local)`
    }. Their page follows with their next ID token.`,
  );
  process.exit(0);
} catch (error) {
  console.error(`Could not ${command} the role of ${email}: ${error.message}`);
  process.exit(1);
}
