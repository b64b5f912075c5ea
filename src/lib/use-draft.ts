import { useCallback, useState } from 'react';
import { type Draft, produce } from 'immer';

/**
 * Local state edited through immer recipes, so nested drafts (a tree of fleets, a role's menu
 * authority, a list of rows) change by writing to the draft and every edit yields a new value.
 */
export function useDraft<T>(initial: T | (() => T)) {
  const [value, setValue] = useState<T>(initial);
  const edit = useCallback((recipe: (draft: Draft<T>) => void) => setValue((current) => produce(current, recipe)), []);
  return [value, edit, setValue] as const;
}
