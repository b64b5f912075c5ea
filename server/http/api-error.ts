/** A failure a handler reports to the caller as an envelope `{ code, msg, data: null }`. */
export class ApiError extends Error {
  constructor(
    readonly code: 300 | 400 | 401 | 403 | 404 | 429 | 500,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(400, msg);
export const forbidden = (msg = 'Access denied'): ApiError => new ApiError(403, msg);
export const notFound = (msg = 'Not found'): ApiError => new ApiError(404, msg);
export const unauthorized = (
  msg = 'Invalid session, or session has expired, please log in again.',
): ApiError => new ApiError(401, msg);
