// Versions of editable records: an update names the version it was based on, and a save based on
// a version someone else has replaced is refused with the record as it now is, instead of silently
// overwriting it.
import type { TSchema } from '@sinclair/typebox';
import { StaleRecord } from '../database/storage-conflict';
import { ApiError, notFound } from './api-error';
import { answers, enveloped } from './envelope';

/** An update's answers: its record, or on a 409 the record as it now is. */
export const versionedAnswers = <T extends TSchema>(data: T) => ({ ...answers(data), 409: enveloped(data) });

/**
 * Runs `save` (checks and write) for a change based on version `basedOn` of `stored`; refused at once
 * when the stored version is newer, or by the write itself when someone saves in between. A refusal
 * answers 409 with `current()` (404 when the record is gone meanwhile).
 */
export const saveVersioned = async <T>(
  noun: string,
  stored: { version?: number },
  basedOn: number | undefined,
  save: () => Promise<T>,
  current: () => Promise<unknown>,
): Promise<T> => {
  try {
    if (basedOn !== undefined && basedOn !== stored.version) throw new StaleRecord();
    return await save();
  } catch (error) {
    if (!(error instanceof StaleRecord)) throw error;
    const now = await current();
    if (now === null) throw notFound();
    throw new ApiError(409, `Someone else changed this ${noun} while you were editing`, now);
  }
};
