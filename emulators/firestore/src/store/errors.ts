/** Errors carrying a gRPC status; the REST layer maps them to HTTP statuses. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type StatusName = keyof typeof GrpcCode;

const HTTP_STATUS: Record<StatusName, number> = {
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

export class FirestoreError extends Error {
  constructor(
    readonly status: StatusName,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }
  get code(): number {
    return GrpcCode[this.status];
  }
  get httpStatus(): number {
    return HTTP_STATUS[this.status];
  }
}

export const invalidArgument = (message: string): FirestoreError =>
  new FirestoreError('INVALID_ARGUMENT', message);
export const INVALID_PAYLOAD = "Payload isn't valid for request.";

/** A rules decision that denies becomes PERMISSION_DENIED with the rules' message. */
export function throwIfDenied(decision: { allowed: boolean; message?: string }): void {
  if (!decision.allowed)
    throw new FirestoreError(
      'PERMISSION_DENIED',
      decision.message ?? 'Missing or insufficient permissions.',
    );
}
