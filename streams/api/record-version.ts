// Editable records carry a version (docs/api.md, "Record versions"): an update names the one it was
// based on, and a server answers 409 with the record as it now is when someone else saved meanwhile.
import { ApiError } from './api-error';

/** The record a save was refused for because someone else changed it first; null for any other failure. */
export function overtakenRecord(error: unknown): ({ version?: number } & Record<string, unknown>) | null {
  if (!(error instanceof ApiError) || error.kind !== 'code' || error.code !== 409) return null;
  return typeof error.data === 'object' && error.data !== null ? (error.data as { version?: number }) : null;
}

/** What a person is told when their save was overtaken; `noun` names the record ("vehicle"). */
export const overtakenText = (noun: string): string =>
  `Someone else changed this ${noun} while you were editing. Their values are shown now; save again to overwrite them.`;
