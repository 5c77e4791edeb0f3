import { startStandalone } from 'standalone-host';

// Only the remote's own dev page runs this; the shell loads ./app (src/app.tsx) instead.
void startStandalone({ title: 'Moderation', load: () => import('./app') });
