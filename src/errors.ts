// Typed application errors: each carries the HTTP status the one error handler answers with.

export interface ProblemDetail {
  pointer: string;
  message: string;
}

/** What lay under an error (an undici or socket error under a 502/504): logged by the error handler, never answered. */
export interface ErrorCause {
  cause?: unknown;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Structured details some errors add to the error object (e.g. a definition's lint problems). */
    readonly extra?: Record<string, unknown>,
    options?: ErrorCause,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string) { super(400, message); }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'A valid API token is required: send the header "Authorization: Bearer <token>".') { super(401, message); }
}
export class ForbiddenError extends AppError {
  constructor(message: string) { super(403, message); }
}
export class NotFoundError extends AppError {
  constructor(message: string) { super(404, message); }
}
export class ConflictError extends AppError {
  constructor(message: string) { super(409, message); }
}
export class UnprocessableError extends AppError {
  constructor(message: string, extra?: Record<string, unknown>, options?: ErrorCause) { super(422, message, extra, options); }
}
export class BadGatewayError extends AppError {
  constructor(message: string, options?: ErrorCause) { super(502, message, undefined, options); }
}
export class GatewayTimeoutError extends AppError {
  constructor(message: string, options?: ErrorCause) { super(504, message, undefined, options); }
}

/** Loads a resource that must belong to the caller: unknown is 404, another account's is 403. */
export function ownedBy<T extends { accountId: number }>(row: T | undefined, accountId: number, what: string, id: number | string): T {
  if (row === undefined) throw new NotFoundError(`${what} ${id} does not exist.`);
  if (row.accountId !== accountId) throw new ForbiddenError(`${what} ${id} belongs to another account.`);
  return row;
}
