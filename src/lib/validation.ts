// Validation rules of spec section 5, with its exact messages. Every form uses these; a rule
// returns the message to show at the field, or null when the value is fine.

export type Rule<T = string> = (value: T) => string | null;

export const MESSAGES = {
  emailRequired: 'Please enter your email address!',
  emailInvalid: 'Please enter a valid email address!',
  passwordRequired: 'Please enter password!',
  passwordTooShort: 'Password cannot be less than 6 digits!',
  passwordTooLong: 'Input cannot be empty and must not exceed 12 characters!',
  passwordCharacters: 'Password may contain only letters, numbers and special characters!',
  passwordMismatch: 'Inconsistent passwords!',
  codeRequired: 'Please enter the verification code!',
  userName: 'User name must be 1 to 15 characters!',
  vehicleNameRequired: 'Please enter the vehicle name!',
  roleNameRequired: 'Please enter the role name!',
  roleNameTooLong: 'Role name cannot exceed 24 characters!',
  integer: 'Please enter an integer!',
  fileType: 'Only xls or xlsx files can be imported!',
  dateRange: 'The date range cannot exceed 31 days!',
  dateRangeOrder: 'The end date must be after the start date!',
  triggerDuration: 'Trigger duration must be 1 to 72 hours!',
  lowSoc: 'Low SOC must be between 0 and 50%!',
  atLeastOneOption: 'Please select at least one option!',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const USER_NAME_MAX = 15;
export const ROLE_NAME_MAX = 24;
/** The spec gives two readings of the vehicle name limit: 20 on the add form, 30 on the edit form. */
export const VEHICLE_NAME_MAX = { add: 20, edit: 30 } as const;
export const EVENT_RANGE_MAX_DAYS = 31;
export const TRIGGER_HOURS = { min: 1, max: 72, default: 24 } as const;
export const LOW_SOC_RANGE = { min: 0, max: 50 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters, digits and printable ASCII punctuation ("special characters"); no spaces.
const PASSWORD_CHARS = /^[A-Za-z0-9!-/:-@[-`{-~]+$/;
const DAY_MS = 86_400_000;

export const required =
  (message: string): Rule =>
  (value) =>
    value.trim() === '' ? message : null;

export const email: Rule = (value) => {
  if (value.trim() === '') return MESSAGES.emailRequired;
  return EMAIL.test(value.trim()) ? null : MESSAGES.emailInvalid;
};

export const password: Rule = (value) => {
  if (value === '') return MESSAGES.passwordRequired;
  if (value.length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  return PASSWORD_CHARS.test(value) ? null : MESSAGES.passwordCharacters;
};

export const confirmation =
  (original: string): Rule =>
  (value) => {
    if (value === '') return MESSAGES.passwordRequired;
    return value === original ? null : MESSAGES.passwordMismatch;
  };

export const verificationCode: Rule = required(MESSAGES.codeRequired);

export const userName: Rule = (value) => {
  const length = value.trim().length;
  return length >= 1 && length <= USER_NAME_MAX ? null : MESSAGES.userName;
};

export const roleName: Rule = (value) => {
  if (value.trim() === '') return MESSAGES.roleNameRequired;
  return value.trim().length <= ROLE_NAME_MAX ? null : MESSAGES.roleNameTooLong;
};

export const vehicleName =
  (form: keyof typeof VEHICLE_NAME_MAX): Rule =>
  (value) => {
    if (value.trim() === '') return MESSAGES.vehicleNameRequired;
    const max = VEHICLE_NAME_MAX[form];
    return value.trim().length <= max ? null : `Vehicle name cannot exceed ${max} characters!`;
  };

export const integer: Rule = (value) => (/^-?\d+$/.test(value.trim()) ? null : MESSAGES.integer);

export const spreadsheetFile: Rule = (fileName) =>
  /\.(xls|xlsx)$/i.test(fileName) ? null : MESSAGES.fileType;

export const eventDateRange: Rule<{ from: Date; to: Date }> = ({ from, to }) => {
  if (to.getTime() < from.getTime()) return MESSAGES.dateRangeOrder;
  return to.getTime() - from.getTime() <= EVENT_RANGE_MAX_DAYS * DAY_MS ? null : MESSAGES.dateRange;
};

export const triggerDuration: Rule = (value) => {
  if (integer(value)) return MESSAGES.triggerDuration;
  const hours = Number(value);
  return hours >= TRIGGER_HOURS.min && hours <= TRIGGER_HOURS.max ? null : MESSAGES.triggerDuration;
};

export const lowSoc: Rule = (value) => {
  if (integer(value)) return MESSAGES.lowSoc;
  const soc = Number(value);
  return soc >= LOW_SOC_RANGE.min && soc <= LOW_SOC_RANGE.max ? null : MESSAGES.lowSoc;
};

export const atLeastOne: Rule<readonly unknown[]> = (selected) =>
  selected.length > 0 ? null : MESSAGES.atLeastOneOption;

/** Runs each field's rules in order and keeps the first message per field. */
export function validateForm<F extends string>(
  checks: Record<F, Array<() => string | null>>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(checks) as F[]) {
    for (const check of checks[field]) {
      const message = check();
      if (message) {
        errors[field] = message;
        break;
      }
    }
  }
  return errors;
}
