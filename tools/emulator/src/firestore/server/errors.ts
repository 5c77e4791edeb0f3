import { HttpError } from '../../common/http';
import { FirestoreError, GrpcCode } from '../engine';

/** The `error` object Firestore puts in stream messages and REST bodies. */
export interface WireError {
  code: number;
  message: string;
  status: string;
}

/** HTTP status Google's REST front end uses for each gRPC status. */
const HTTP_STATUS_BY_GRPC: Record<string, number> = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export function httpStatusFor(status: string): number {
  return HTTP_STATUS_BY_GRPC[status] ?? 500;
}

function grpcCodeFor(status: string): number {
  return (GrpcCode as Record<string, number>)[status] ?? GrpcCode.UNKNOWN;
}

/** Normalises anything thrown by a handler; unexpected errors are logged and become INTERNAL. */
export function toFirestoreError(err: unknown): FirestoreError {
  if (err instanceof FirestoreError) return err;
  if (err instanceof HttpError) {
    return new FirestoreError(grpcCodeFor(err.status), err.status, err.message);
  }
  console.error('[firestore] unexpected error', err);
  return new FirestoreError(GrpcCode.INTERNAL, 'INTERNAL', 'Internal error.');
}

/** Stream messages carry the gRPC numeric code. */
export function streamError(err: unknown): { error: WireError } {
  const e = toFirestoreError(err);
  return { error: { code: e.code, message: e.message, status: e.status } };
}

/** REST bodies carry the HTTP status as `code`. */
export function restError(err: unknown): {
  httpStatus: number;
  body: { error: WireError };
} {
  if (err instanceof HttpError) {
    return {
      httpStatus: err.httpStatus,
      body: {
        error: {
          code: err.httpStatus,
          message: err.message,
          status: err.status,
        },
      },
    };
  }
  const e = toFirestoreError(err);
  const httpStatus = httpStatusFor(e.status);
  return {
    httpStatus,
    body: { error: { code: httpStatus, message: e.message, status: e.status } },
  };
}

export function invalidArgument(message: string): FirestoreError {
  return new FirestoreError(GrpcCode.INVALID_ARGUMENT, 'INVALID_ARGUMENT', message);
}
