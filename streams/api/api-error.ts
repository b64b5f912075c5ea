import type { ApiErrorKind } from '../../contract/api/types';

/** Why a REST call was rejected: a non-200 code (from the envelope or the HTTP status), the network, or the time-out. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly code?: number,
    readonly msg?: string,
    /** The envelope's `data` of a refusal that carries a report (a batch import's rejected rows). */
    readonly data?: unknown,
  ) {
    super(kind === 'code' ? `API code ${code}${msg ? `: ${msg}` : ''}` : `API ${kind}`);
    this.name = 'ApiError';
  }
}
