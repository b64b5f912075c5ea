/** Alarms raised by pre-alarm rules have the kind `prealarm.<ruleId>`; the model's never start so. */
export const PREALARM_KIND_PREFIX = 'prealarm.';

export const prealarmKind = (ruleId: string): string => `${PREALARM_KIND_PREFIX}${ruleId}`;
