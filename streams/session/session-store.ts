import { BehaviorSubject, distinctUntilChanged } from 'rxjs';
import type { SessionKey, SessionStore, SessionValues } from './types';

const PREFIX = 'fleet-console.';

// A record, so that adding a session value without listing it here fails to compile.
const ALL_KEYS: Record<SessionKey, true> = {
  token: true,
  ws: true,
  vehicleId: true,
  reportId: true,
  reportTitle: true,
  roleId: true,
  roleKey: true,
  roleSubTitle: true,
  shareAccount: true,
  detailTab: true,
  fleetId: true,
  factoryId: true,
  preFleetTitle: true,
  preSubFleetTitle: true,
  originFlag: true,
  reportPermission: true,
  prealarmId: true,
  prealarmFleetId: true,
  faultId: true,
  groupLogDetail: true,
  wallDisplay: true,
  returnPath: true,
};
const KEYS = Object.keys(ALL_KEYS) as SessionKey[];

function read(storage: Storage, key: SessionKey): unknown {
  const raw = storage.getItem(PREFIX + key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** A typed store over session storage; values are kept as JSON under a console-specific prefix. */
export function createSessionStore(storage: Storage): SessionStore {
  const initial = read(storage, 'token');
  const token$$ = new BehaviorSubject<string | null>(typeof initial === 'string' ? initial : null);

  const syncToken = (): void => {
    const token = read(storage, 'token');
    token$$.next(typeof token === 'string' ? token : null);
  };

  return {
    get: <K extends SessionKey>(key: K) => read(storage, key) as SessionValues[K] | null,
    set: (key, value) => {
      storage.setItem(PREFIX + key, JSON.stringify(value));
      if (key === 'token') syncToken();
    },
    remove: (key) => {
      storage.removeItem(PREFIX + key);
      if (key === 'token') syncToken();
    },
    clear: () => {
      for (const key of KEYS) storage.removeItem(PREFIX + key);
      syncToken();
    },
    token$: token$$.pipe(distinctUntilChanged()),
  };
}
