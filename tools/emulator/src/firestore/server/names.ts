import { invalidArgument } from './errors';

const DATABASE_PATTERN = /^projects\/([^/]+)\/databases\/([^/]+)$/;

/** `projects/p/databases/d` out of a database, documents root or document name. */
export function databaseOf(name: string): string {
  const parts = name.split('/');
  const database = parts.slice(0, 4).join('/');
  if (!DATABASE_PATTERN.test(database)) {
    throw invalidArgument(`Invalid resource name: ${JSON.stringify(name)}.`);
  }
  return database;
}

export function projectOf(database: string): string {
  return database.split('/')[1] ?? '';
}

/** The database named by a stream's `database` URL parameter or first message. */
export function requireDatabase(value: unknown): string {
  if (typeof value !== 'string' || !DATABASE_PATTERN.test(value)) {
    throw invalidArgument(`Invalid database name: ${JSON.stringify(value)}.`);
  }
  return value;
}
