// Validation rules of spec section 5, with its exact messages. Every form uses these; a rule
// returns the message to show at the field, or null when the value is fine.

import { isSpreadsheet, SPREADSHEET_HEAD_BYTES, SPREADSHEET_ONLY } from '../../contract/spreadsheet-file';
import { hasHiddenCharacters, isBlank } from '../../contract/text-rules';
import { UserName } from '../../contract/entities/account';
import { AlarmAckBodySchema } from '../../contract/entities/alarm';
import { EntityName, Password } from '../../contract/entities/common';
import { RoleName } from '../../contract/entities/role';
import { SerialNumber, VehicleNameCreate, VehicleNameEdit } from '../../contract/entities/vehicle';

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
  snRequired: 'Please enter the S/N!',
  snInvalid: 'S/N may contain only letters, numbers and "-", at most 40 characters!',
  selectRequired: 'Please select an option!',
  roleNameRequired: 'Please enter the role name!',
  roleNameTooLong: 'Role name cannot exceed 24 characters!',
  roleKeyRequired: 'Please enter the role key!',
  roleKeyInvalid: 'Role key must be 2 to 32 lower-case letters, digits, ".", "_" or "-", starting with a letter!',
  menuAuthority: 'Please select the menu authority!',
  managerAuthority: 'Please select the manager authority!',
  integer: 'Please enter an integer!',
  fileType: SPREADSHEET_ONLY,
  dateRange: 'The date range cannot exceed 31 days!',
  dateRangeOrder: 'The end date must be after the start date!',
  triggerDuration: 'Trigger duration must be 1 to 72 hours!',
  lowSoc: 'Low SOC must be between 0 and 50%!',
  atLeastOneOption: 'Please select at least one option!',
  expiryRequired: 'Please choose when the link expires!',
  expiryPast: 'The expiry time must be in the future!',
  groupNameRequired: 'Please enter the name!',
  statusRequired: 'Please select the status!',
  managerRequired: 'Please select the manager!',
  serviceEngineerRequired: 'Please select the service engineer!',
  placementRequired: 'Please select a sub-fleet or depot you manage!',
  vehicleDestination: 'Please choose where the vehicles go!',
  reportNameRequired: 'Please enter the report name!',
  dataNameRequired: 'Please enter the data name!',
  fleetRequired: 'Please select the fleet!',
  prealarmNameRequired: 'Please enter the name!',
  deviceKeyRequired: 'Please select the device key!',
  logicRequired: 'Please select the judgment logic!',
  valueRequired: 'Please enter the value!',
  messageRequired: 'Please enter the message!',
  vehiclesRequired: 'Please select the vehicles, or the whole fleet!',
  ackNoteTooLong: 'The note cannot exceed 200 characters!',
} as const;

// Lengths come from the schemas the server validates with, so the form and the API agree.
export const PASSWORD_MIN = Password.minLength!;
export const PASSWORD_MAX = Password.maxLength!;
export const USER_NAME_MAX = UserName.maxLength!;
export const ROLE_NAME_MAX = RoleName.maxLength!;
/** The spec gives two readings of the vehicle name limit: 20 on the add form, 30 on the edit form. */
export const VEHICLE_NAME_MAX = { add: VehicleNameCreate.maxLength!, edit: VehicleNameEdit.maxLength! } as const;
/** Fleet, sub-fleet and depot names. */
export const GROUP_NAME_MAX = EntityName.maxLength!;
export const EVENT_RANGE_MAX_DAYS = 31;
export const TRIGGER_HOURS = { min: 1, max: 72, default: 24 } as const;
export const LOW_SOC_RANGE = { min: 0, max: 50 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Letters, digits and printable ASCII punctuation ("special characters"); no spaces.
const PASSWORD_CHARS = /^[A-Za-z0-9!-/:-@[-`{-~]+$/;
const DAY_MS = 86_400_000;

/** Blank (white space or invisible characters only) is empty, as on the server. */
export const required =
  (message: string): Rule =>
  (value) =>
    isBlank(value) ? message : null;

/** A name may not hide characters that make it look like another one in a list. */
const hiddenIn = (what: string, value: string): string | null => (hasHiddenCharacters(value) ? `${what} cannot contain invisible or text-direction characters!` : null);

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
  return isBlank(value) || length > USER_NAME_MAX ? MESSAGES.userName : hiddenIn('User name', value);
};

export const roleName: Rule = (value) => {
  if (isBlank(value)) return MESSAGES.roleNameRequired;
  return value.trim().length <= ROLE_NAME_MAX ? hiddenIn('Role name', value) : MESSAGES.roleNameTooLong;
};

const ROLE_KEY = /^[a-z][a-z0-9._-]{1,31}$/;

export const roleKey: Rule = (value) => {
  if (value.trim() === '') return MESSAGES.roleKeyRequired;
  return ROLE_KEY.test(value.trim()) ? null : MESSAGES.roleKeyInvalid;
};

export const vehicleName =
  (form: keyof typeof VEHICLE_NAME_MAX): Rule =>
  (value) => {
    if (isBlank(value)) return MESSAGES.vehicleNameRequired;
    const max = VEHICLE_NAME_MAX[form];
    return value.trim().length <= max ? hiddenIn('Vehicle name', value) : `Vehicle name cannot exceed ${max} characters!`;
  };

/** The name of a fleet, sub-fleet or depot: required, at most GROUP_NAME_MAX characters. */
export const groupName: Rule = (value) => {
  if (isBlank(value)) return MESSAGES.groupNameRequired;
  return value.trim().length <= GROUP_NAME_MAX ? hiddenIn('Name', value) : `Name cannot exceed ${GROUP_NAME_MAX} characters!`;
};

const ACK_NOTE_MAX = AlarmAckBodySchema.properties.note.maxLength!;

/** An alarm acknowledgement's optional note. */
export const ackNote: Rule = (value) => (value.trim().length <= ACK_NOTE_MAX ? null : MESSAGES.ackNoteTooLong);

const SN = new RegExp(SerialNumber.pattern!);

export const serialNumber: Rule = (value) => {
  if (value.trim() === '') return MESSAGES.snRequired;
  return SN.test(value.trim()) && value.trim().length <= SerialNumber.maxLength! ? null : MESSAGES.snInvalid;
};

export const selected: Rule = required(MESSAGES.selectRequired);

export const integer: Rule = (value) => (/^-?\d+$/.test(value.trim()) ? null : MESSAGES.integer);

/** The import rule on the file itself: its name and its first bytes (a text file renamed .xls is refused). */
export const spreadsheetContent = async (file: Blob & { name: string }): Promise<string | null> => {
  const head = new Uint8Array(await file.slice(0, SPREADSHEET_HEAD_BYTES).arrayBuffer());
  return isSpreadsheet(file.name, head) ? null : MESSAGES.fileType;
};

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

/** A share link's expiry, from a date-time field: required once expiry is on, and ahead of `nowMs`. */
export const shareExpiry =
  (nowMs: number): Rule =>
  (value) => {
    if (value.trim() === '') return MESSAGES.expiryRequired;
    const at = new Date(value).getTime();
    return Number.isFinite(at) && at > nowMs ? null : MESSAGES.expiryPast;
  };

export const atLeastOne: Rule<readonly unknown[]> = (selected) => (selected.length > 0 ? null : MESSAGES.atLeastOneOption);

/** Runs each field's rules in order and keeps the first message per field. */
export function validateForm<F extends string>(checks: Record<F, Array<() => string | null>>): Partial<Record<F, string>> {
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

/** A contact point's e-mail addresses, one per line (or separated by commas): 1 to 20, each an address. */
export const contactAddresses: Rule = (value) => {
  const addresses = addressList(value);
  if (addresses.length === 0) return 'Please enter at least one e-mail address!';
  if (addresses.length > 20) return 'At most 20 addresses!';
  const wrong = addresses.find((a) => !EMAIL.test(a));
  return wrong === undefined ? null : `${wrong} is not a valid e-mail address!`;
};

/** The addresses of a contact point's address field. */
export const addressList = (value: string): string[] =>
  value
    .split(/[\n,;]/)
    .map((a) => a.trim())
    .filter(Boolean);

/** Where a webhook or chat webhook posts: an http(s) address. */
export const webhookUrl: Rule = (value) => (/^https?:\/\/\S+$/.test(value.trim()) ? null : 'Please enter an http:// or https:// address!');

/** A webhook's signing secret: empty (none, or unchanged when editing) or 16 to 200 visible characters. */
export const webhookSecret: Rule = (value) => (value === '' || /^[\x21-\x7E]{16,200}$/.test(value) ? null : 'A secret is 16 to 200 visible characters, without spaces!');
