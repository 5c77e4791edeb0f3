// `npm run seed`: fills the running local backend (`npm start` or `npm run emulators`) with a demo
// community through the real firebase SDK and the product's rules: about 30 members with avatars
// and covers, about 300 posts (most with a photo), follows, likes, comments and replies. The same
// seed gives the same community; running it again adds nothing. Every demo member signs in with
// the password below (README.md). Options: --seed=<any> (default 1), --members=<n>, --posts=<n>.
// The backend's ports and project id are those of runtime-config.json (AUTH_EMULATOR_PORT, …).
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { localRuntimeConfig } from 'build-config/runtime-config.cjs';
import { DEMO_PASSWORD, planCommunity } from './lib/seed/community.mjs';
import { writeCommunity } from './lib/seed/writer.mjs';
import { adminAuth, setModerator } from './lib/moderators.mjs';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    members: { type: 'string', default: '30' },
    posts: { type: 'string', default: '300' },
  },
});
const members = Number(values.members);
const posts = Number(values.posts);
if (!Number.isInteger(members) || members < 2 || !Number.isInteger(posts) || posts < 0) {
  console.error('--members needs a whole number of at least 2, --posts a whole number.');
  process.exit(2);
}

const config = localRuntimeConfig(process.env);
try {
  await fetch(config.emulators.auth, { signal: AbortSignal.timeout(3000) });
} catch {
  console.error(
    `No local backend answers at ${config.emulators.auth}: start it first (npm start, or npm run emulators), then run npm run seed.`,
  );
  process.exit(1);
}

const started = performance.now();
const plan = planCommunity({ seed: values.seed, members, posts });
const digest = createHash('sha256').update(JSON.stringify(plan)).digest('hex').slice(0, 12);
console.log(
  `Seeding ${config.firebase.projectId}: ${members} members, ${posts} posts (seed ${plan.seed}, community ${digest})…`,
);
const { created, seconds, encoders } = await writeCommunity(plan, config, {
  log: (line) => console.log(`  ${line}`),
});
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Done in ${total} s. Created ${Object.entries(created)
    .map(([what, count]) => `${count} ${what}`)
    .join(', ')}.`,
);
console.log(
  `Timing: ${Object.entries(seconds)
    .map(([phase, s]) => `${phase} ${s.toFixed(1)} s`)
    .join(
      ', ',
    )}; pictures encoded in ${encoders.workers} worker threads beside them (${encoders.busySeconds.toFixed(1)} s of encoding).`,
);
// The first demo member moderates (the moderation remote's /moderation): README.md.
const moderator = plan.members[0].email;
await setModerator(adminAuth(config.firebase.projectId, config.emulators.auth), moderator, true);
console.log(`${moderator} is a moderator.`);
console.log(
  `Sign in as ${plan.members[0].email} … ${plan.members.at(-1).email} with the password ${DEMO_PASSWORD}.`,
);
process.exit(0);
