import type { LiveValue } from '../../contract/protocol/types';

/** The numeric keys of a values frame; text, state and invalid (null) values are not charted. */
export const numericValues = (values: Record<string, LiveValue>): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const k in values) {
    const v = values[k];
    if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
  }
  return out;
};
