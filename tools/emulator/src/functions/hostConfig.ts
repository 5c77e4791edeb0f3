import type { RetryPolicy } from '../firestore/triggers';
import type { Codebase } from './codebases';

/** What the launcher passes the host process (as JSON, its first argument). */
export interface HostConfig {
  projectId: string;
  /** The project folder (firebase.json's), for firebase-tools' `.env` and secrets lookups. */
  projectDir: string;
  host: string;
  port: number;
  codebases: Codebase[];
  firestore: Endpoint;
  auth?: Endpoint;
  storage?: Endpoint;
  /** Google's Firestore emulator posts its events here (its --functions_emulator). */
  relay?: { port: number; outboxDir: string | null };
  retry?: Partial<RetryPolicy>;
}

export interface Endpoint {
  host: string;
  port: number;
}

/** The line the host prints on stdout once its functions are loaded. */
export const READY = 'functions ready';
