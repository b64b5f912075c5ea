/** A failure a handler reports to the caller as an envelope `{ code, msg, data }` (data null but for a 409). */
export class ApiError extends Error {
  constructor(
    readonly code: 300 | 400 | 401 | 403 | 404 | 409 | 429 | 500,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(400, msg);
export const forbidden = (msg = 'Access denied'): ApiError => new ApiError(403, msg);
export const notFound = (msg = 'Not found'): ApiError => new ApiError(404, msg);
export const unauthorized = (msg = 'Invalid session, or session has expired, please log in again.'): ApiError => new ApiError(401, msg);
