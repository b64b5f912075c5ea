// The signed-in user's own settings (spec: settings form) and the display units they choose.
// Speed and mileage units live on the server profile; the temperature unit goes beyond the spec
// and is kept per browser.
import { BehaviorSubject, type Observable } from 'rxjs';
import type { RestClient } from '../../streams/api/types';

export type SpeedUnit = 'km/h' | 'mph';
export type MileageUnit = 'km' | 'miles';
export type TemperatureUnit = '°C' | '°F';

export interface Profile {
  email: string;
  userName: string;
  phone: string;
  speedUnit: SpeedUnit;
  mileageUnit: MileageUnit;
}

export interface DisplayUnits {
  speed: SpeedUnit;
  mileage: MileageUnit;
  temperature: TemperatureUnit;
}

export const PROFILE_PATH = '/customization/user/v1/get/profile';
export const PROFILE_UPDATE_PATH = '/customization/user/v1/update/profile';
const TEMPERATURE_KEY = 'fleet-console.temperature-unit';

export interface ProfileStore {
  profile$: Observable<Profile | null>;
  units$: Observable<DisplayUnits>;
  load(): Promise<void>;
  save(changes: Omit<Profile, 'email'>): Promise<Profile>;
  setTemperatureUnit(unit: TemperatureUnit): void;
  reset(): void;
}

export function createProfileStore(api: RestClient, storage: Storage = window.localStorage): ProfileStore {
  const profile$$ = new BehaviorSubject<Profile | null>(null);
  const storedTemperature = storage.getItem(TEMPERATURE_KEY) === '°F' ? '°F' : '°C';
  const units$$ = new BehaviorSubject<DisplayUnits>({ speed: 'km/h', mileage: 'km', temperature: storedTemperature });

  const publish = (profile: Profile) => {
    profile$$.next(profile);
    units$$.next({ ...units$$.value, speed: profile.speedUnit, mileage: profile.mileageUnit });
  };

  return {
    profile$: profile$$.asObservable(),
    units$: units$$.asObservable(),
    async load() {
      publish(await api.get<Profile>(PROFILE_PATH));
    },
    async save(changes) {
      const saved = await api.put<Profile>(PROFILE_UPDATE_PATH, changes);
      publish(saved);
      return saved;
    },
    setTemperatureUnit(unit) {
      storage.setItem(TEMPERATURE_KEY, unit);
      units$$.next({ ...units$$.value, temperature: unit });
    },
    reset() {
      profile$$.next(null);
    },
  };
}
