// The signed-in user's own settings (spec: settings form) and the display units they choose.
// Speed and mileage units live on the server profile; the temperature unit goes beyond the spec
// and is kept per browser. A share guest has no profile: its speed and mileage units are kept per
// browser too.
import { BehaviorSubject, type Observable } from 'rxjs';
import { changeEmail, fetchProfile, saveAvatar, saveProfile, saveTheme, sendEmailChangeCode, type ProfileChanges } from '../api/account-calls';
import type { Theme } from '../../contract/protocol/account-settings-rules';
import type { Loadable } from '../api/loadable';
import type { MileageUnit, Profile, RestClient, SpeedUnit } from '../../contract/api/types';

export type TemperatureUnit = '°C' | '°F';

export interface DisplayUnits {
  speed: SpeedUnit;
  mileage: MileageUnit;
  temperature: TemperatureUnit;
}

const TEMPERATURE_KEY = 'fleet-console.temperature-unit';
const GUEST_SPEED_KEY = 'fleet-console.guest-speed-unit';
const GUEST_MILEAGE_KEY = 'fleet-console.guest-mileage-unit';
const NOT_LOADED: Loadable<Profile> = { status: 'loading', stale: false };

export interface ProfileStore {
  /** Loading until the first `load()` answers; the last profile stays through a failed reload. */
  profile$: Observable<Loadable<Profile>>;
  units$: Observable<DisplayUnits>;
  load(): Promise<void>;
  save(changes: ProfileChanges): Promise<Profile>;
  /** Mails a code to the new address; `changeEmail` with that code makes it the account's. */
  sendEmailChangeCode(email: string): Promise<void>;
  changeEmail(email: string, code: string): Promise<Profile>;
  /** Keeps the theme on the account, so it follows the user to another browser. */
  saveTheme(theme: Theme): Promise<void>;
  /** A data: URL of the cropped image, or null to remove the avatar. */
  saveAvatar(avatar: string | null): Promise<Profile>;
  setTemperatureUnit(unit: TemperatureUnit): void;
  /** Display units for a session without a server profile (a share guest), kept in this browser. */
  applyBrowserUnits(): void;
  setBrowserUnits(units: DisplayUnits): void;
  reset(): void;
}

/** `preferences` keeps this browser's choices (localStorage in the browser). */
export function createProfileStore(api: RestClient, preferences: Storage): ProfileStore {
  const profile$$ = new BehaviorSubject<Loadable<Profile>>(NOT_LOADED);
  const storedTemperature = preferences.getItem(TEMPERATURE_KEY) === '°F' ? '°F' : '°C';
  const units$$ = new BehaviorSubject<DisplayUnits>({ speed: 'km/h', mileage: 'km', temperature: storedTemperature });

  const publish = (profile: Profile) => {
    profile$$.next({ status: 'ready', data: profile, stale: false });
    units$$.next({ ...units$$.value, speed: profile.speedUnit, mileage: profile.mileageUnit });
  };

  return {
    profile$: profile$$.asObservable(),
    units$: units$$.asObservable(),
    async load() {
      try {
        publish(await fetchProfile(api));
      } catch (error) {
        const kept = profile$$.value.data;
        profile$$.next({ status: 'error', error, data: kept, stale: kept !== undefined });
        throw error;
      }
    },
    async save(changes) {
      const saved = await saveProfile(api, changes);
      publish(saved);
      return saved;
    },
    async sendEmailChangeCode(email) {
      await sendEmailChangeCode(api, email);
    },
    async changeEmail(email, code) {
      const saved = await changeEmail(api, email, code);
      publish(saved);
      return saved;
    },
    async saveTheme(theme) {
      await saveTheme(api, theme);
      const current = profile$$.value.data;
      if (current) publish({ ...current, theme });
    },
    async saveAvatar(avatar) {
      const saved = await saveAvatar(api, avatar);
      publish(saved);
      return saved;
    },
    setTemperatureUnit(unit) {
      preferences.setItem(TEMPERATURE_KEY, unit);
      units$$.next({ ...units$$.value, temperature: unit });
    },
    applyBrowserUnits() {
      const speed = preferences.getItem(GUEST_SPEED_KEY) === 'mph' ? 'mph' : 'km/h';
      const mileage = preferences.getItem(GUEST_MILEAGE_KEY) === 'miles' ? 'miles' : 'km';
      units$$.next({ ...units$$.value, speed, mileage });
    },
    setBrowserUnits(units) {
      preferences.setItem(GUEST_SPEED_KEY, units.speed);
      preferences.setItem(GUEST_MILEAGE_KEY, units.mileage);
      preferences.setItem(TEMPERATURE_KEY, units.temperature);
      units$$.next(units);
    },
    reset() {
      profile$$.next(NOT_LOADED);
    },
  };
}
