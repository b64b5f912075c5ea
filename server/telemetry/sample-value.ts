import type { HistorySample } from '../platform/database/records';

/**
 * A sample's value of `key`, looked up among its own values only: a key that is asked for by name
 * (toString, constructor, __proto__) is absent like any other key the device never sent.
 */
export const sampleValue = (sample: HistorySample, key: string): number | undefined => (Object.hasOwn(sample.values, key) ? sample.values[key] : undefined);
