// Every value the spec (section 3) keeps in session storage, by name and type.
import type { Observable } from 'rxjs';

export interface SessionValues {
  token: string;
  ws: string;
  vehicleId: string;
  reportId: string;
  reportTitle: string;
  roleId: string;
  roleKey: string;
  roleSubTitle: string;
  shareAccount: string;
  detailTab: string;
  fleetId: string;
  factoryId: string;
  preFleetTitle: string;
  preSubFleetTitle: string;
  /** Where a vehicle detail was opened from, so back-navigation returns there. */
  originFlag: string;
  reportPermission: 'view' | 'edit';
  prealarmId: string;
  prealarmFleetId: string;
  faultId: string;
  /** The group-log row the log detail page shows; whatever the list page hands over. */
  groupLogDetail: unknown;
  /** Beyond the spec: this tab is a wall display signed in with its display token. */
  wallDisplay: boolean;
  /** Beyond the spec: the console page this tab asked for before signing in, shown after it. */
  returnPath: string;
}

export type SessionKey = keyof SessionValues;

export interface SessionStore {
  get<K extends SessionKey>(key: K): SessionValues[K] | null;
  set<K extends SessionKey>(key: K, value: SessionValues[K]): void;
  remove(key: SessionKey): void;
  clear(): void;
  /** The current token, replayed to each subscriber, then every change. */
  token$: Observable<string | null>;
}
