import { GrpcCode, type GrpcStatus } from './types';

/** An error with Firestore's gRPC code, status name and (where known) official message text. */
export class FirestoreError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }

  static of(status: GrpcStatus, message: string): FirestoreError {
    return new FirestoreError(GrpcCode[status], status, message);
  }
}

export function invalidArgument(message: string): FirestoreError {
  return FirestoreError.of('INVALID_ARGUMENT', message);
}
