// A form editing a stored record saves on the version it read (docs/api.md, "Record versions"):
// when someone else saved first, the server's 409 carries the record as it now is, and the form
// shows it and bases the next save on its version.
import { useState } from 'react';
import { overtakenRecord } from '../../streams/api/record-version';

export function useRecordVersion(version: number | undefined) {
  const [basedOn, setBasedOn] = useState(version);
  const [overtaken, setOvertaken] = useState(false);
  /**
   * Runs `save` on the version the form is based on. Answers null once stored; the record as it now
   * is when someone else changed it first (the next save is then based on its version).
   */
  const save = async (run: (version: number | undefined) => Promise<unknown>): Promise<Record<string, unknown> | null> => {
    try {
      await run(basedOn);
      return null;
    } catch (error) {
      const current = overtakenRecord(error);
      if (!current) throw error;
      setBasedOn(current.version);
      setOvertaken(true);
      return current;
    }
  };
  return { overtaken, save };
}
