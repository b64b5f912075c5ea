import { describe, expect, it } from 'vitest';
import { ISSUE_MESSAGES, missingForStatus } from '../../contract/api/issue-workflow';
import { escalationReason, issueTitle } from './follow-up-rules';
import {
  addressList,
  contactAddresses,
  webhookSecret,
  webhookUrl,
  shareExpiry,
  MESSAGES,
  atLeastOne,
  confirmation,
  email,
  eventDateRange,
  groupName,
  integer,
  lowSoc,
  password,
  roleName,
  spreadsheetContent,
  triggerDuration,
  userName,
  validateForm,
  vehicleName,
  verificationCode,
} from './validation';

describe('email', () => {
  it('asks for an address when empty', () => {
    expect(email('')).toBe('Please enter your email address!');
    expect(email('   ')).toBe('Please enter your email address!');
  });
  it('rejects malformed addresses with the spec message', () => {
    for (const bad of ['driver', 'driver@', '@fleet.io', 'a b@fleet.io', 'driver@fleet']) {
      expect(email(bad)).toBe('Please enter a valid email address!');
    }
  });
  it('accepts a well-formed address', () => expect(email('ops@fleet.example')).toBeNull());
});

describe('password', () => {
  it('asks for a password when empty', () => expect(password('')).toBe('Please enter password!'));
  it('refuses fewer than 6 characters', () => expect(password('abc12')).toBe('Password cannot be less than 6 digits!'));
  it('refuses more than 12 characters', () => expect(password('abcdefgh12345')).toBe('Input cannot be empty and must not exceed 12 characters!'));
  it('accepts 6 and 12 characters of letters, numbers and specials', () => {
    expect(password('abc123')).toBeNull();
    expect(password('Ab1!@#$%^&*(')).toBeNull();
  });
  it('refuses spaces and non-ASCII characters', () => {
    expect(password('abc 123')).toBe(MESSAGES.passwordCharacters);
    expect(password('pässwort1')).toBe(MESSAGES.passwordCharacters);
  });
  it('reports a mismatched confirmation', () => {
    expect(confirmation('abc123')('abc124')).toBe('Inconsistent passwords!');
    expect(confirmation('abc123')('abc123')).toBeNull();
  });
});

describe('other fields', () => {
  it('requires a verification code', () => {
    expect(verificationCode('')).toBe(MESSAGES.codeRequired);
    expect(verificationCode('123456')).toBeNull();
  });
  it('keeps user names to 1-15 characters', () => {
    expect(userName('')).toBe(MESSAGES.userName);
    expect(userName('a')).toBeNull();
    expect(userName('a'.repeat(15))).toBeNull();
    expect(userName('a'.repeat(16))).toBe(MESSAGES.userName);
  });
  it('keeps role names to 24 characters and requires them', () => {
    expect(roleName('')).toBe(MESSAGES.roleNameRequired);
    expect(roleName('r'.repeat(24))).toBeNull();
    expect(roleName('r'.repeat(25))).toBe(MESSAGES.roleNameTooLong);
  });
  it('limits vehicle names to 20 on the add form and 30 on the edit form', () => {
    expect(vehicleName('add')('')).toBe(MESSAGES.vehicleNameRequired);
    expect(vehicleName('add')('v'.repeat(20))).toBeNull();
    expect(vehicleName('add')('v'.repeat(21))).toBe('Vehicle name cannot exceed 20 characters!');
    expect(vehicleName('edit')('v'.repeat(30))).toBeNull();
    expect(vehicleName('edit')('v'.repeat(31))).toBe('Vehicle name cannot exceed 30 characters!');
  });
  it('requires fleet, sub-fleet and depot names of at most 50 characters, as the server does', () => {
    expect(groupName('  ')).toBe('Please enter the name!');
    expect(groupName('g'.repeat(50))).toBeNull();
    expect(groupName('g'.repeat(51))).toBe('Name cannot exceed 50 characters!');
  });
  it('wants integers for pre-alarm values', () => {
    expect(integer('12')).toBeNull();
    expect(integer('-3')).toBeNull();
    for (const bad of ['1.5', '', 'ten', '1e3']) expect(integer(bad)).toBe(MESSAGES.integer);
  });
  it('imports only xls and xlsx files, by name and content', async () => {
    const file = (name: string, bytes: number[]) => Object.assign(new Blob([new Uint8Array(bytes)]), { name });
    const zip = [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0];
    const ole2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
    await expect(spreadsheetContent(file('fleet.xlsx', zip))).resolves.toBeNull();
    await expect(spreadsheetContent(file('FLEET.XLS', ole2))).resolves.toBeNull();
    await expect(spreadsheetContent(file('fleet.csv', zip))).resolves.toBe(MESSAGES.fileType);
    // A text file renamed .xls is refused before it is uploaded, with the same text as the server's refusal.
    await expect(spreadsheetContent(file('notes.xls', [...new TextEncoder().encode('name,sn\n')]))).resolves.toBe(MESSAGES.fileType);
    await expect(spreadsheetContent(file('fleet.xlsx', ole2))).resolves.toBe(MESSAGES.fileType);
  });
  it('limits event ranges to 31 days', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    expect(eventDateRange({ from, to: new Date('2026-02-01T00:00:00Z') })).toBeNull();
    expect(eventDateRange({ from, to: new Date('2026-02-01T00:00:01Z') })).toBe(MESSAGES.dateRange);
    expect(eventDateRange({ from, to: new Date('2025-12-31T00:00:00Z') })).toBe(MESSAGES.dateRangeOrder);
  });
  it('keeps trigger durations within 1-72 hours', () => {
    expect(triggerDuration('1')).toBeNull();
    expect(triggerDuration('72')).toBeNull();
    for (const bad of ['0', '73', '2.5', '']) expect(triggerDuration(bad)).toBe(MESSAGES.triggerDuration);
  });
  it('keeps the low SOC pre-alarm within 0-50%', () => {
    expect(lowSoc('0')).toBeNull();
    expect(lowSoc('50')).toBeNull();
    expect(lowSoc('51')).toBe(MESSAGES.lowSoc);
    expect(lowSoc('-1')).toBe(MESSAGES.lowSoc);
  });
  it('needs at least one option', () => {
    expect(atLeastOne([])).toBe(MESSAGES.atLeastOneOption);
    expect(atLeastOne(['bms'])).toBeNull();
  });
});

describe('share expiry', () => {
  const now = new Date('2026-06-01T12:00').getTime();
  it('needs a time ahead of now', () => {
    expect(shareExpiry(now)('')).toBe('Please choose when the link expires!');
    expect(shareExpiry(now)('2026-06-01T11:59')).toBe('The expiry time must be in the future!');
    expect(shareExpiry(now)('not a date')).toBe('The expiry time must be in the future!');
    expect(shareExpiry(now)('2026-06-01T12:01')).toBeNull();
  });
});

describe('validateForm', () => {
  it('keeps the first failing message per field and skips valid fields', () => {
    const errors = validateForm({
      email: [() => email('')],
      password: [() => password('abc'), () => 'never reached'],
      name: [() => userName('ok')],
    });
    expect(errors).toEqual({
      email: 'Please enter your email address!',
      password: 'Password cannot be less than 6 digits!',
    });
  });
});

describe('blank input and hidden characters', () => {
  const BLANKS = ['   ', '\u200b', ' \u2060\ufeff '];

  it('shows the spec message of a required field for input of only spaces or invisible characters', () => {
    for (const blank of BLANKS) {
      expect(vehicleName('add')(blank)).toBe(MESSAGES.vehicleNameRequired);
      expect(groupName(blank)).toBe(MESSAGES.groupNameRequired);
      expect(roleName(blank)).toBe(MESSAGES.roleNameRequired);
      expect(userName(blank)).toBe(MESSAGES.userName);
      expect(verificationCode(blank)).toBe(MESSAGES.codeRequired);
      expect(issueTitle(blank)).toBe(ISSUE_MESSAGES.title);
      expect(escalationReason(blank)).toBe(ISSUE_MESSAGES.reason);
      expect(missingForStatus('open', 'inprogress', { rootCause: blank, shortTermSolution: '', longTermSolution: '' })).toEqual({
        field: 'rootCause',
        message: ISSUE_MESSAGES.rootCause,
      });
      expect(missingForStatus('inprogress', 'solved', { rootCause: 'Loose cable', shortTermSolution: blank, longTermSolution: blank })).toEqual({
        field: 'shortTermSolution',
        message: ISSUE_MESSAGES.solution,
      });
    }
  });

  it('refuses names with direction overrides or zero-width characters, naming the field', () => {
    for (const hidden of ['\u202e', '\u2067', '\u200b', '\u200e', '\ufeff']) {
      const name = `Van${hidden}1`;
      expect(vehicleName('edit')(name)).toBe('Vehicle name cannot contain invisible or text-direction characters!');
      expect(groupName(name)).toBe('Name cannot contain invisible or text-direction characters!');
      expect(roleName(name)).toBe('Role name cannot contain invisible or text-direction characters!');
      expect(userName(name)).toBe('User name cannot contain invisible or text-direction characters!');
    }
    expect([vehicleName('add')('Bus Zürich'), groupName('شاحنة'), userName('バス')]).toEqual([null, null, null]);
  });
});

describe('contact point settings', () => {
  it('take 1 to 20 e-mail addresses, one per line or separated by commas, and name a wrong one', () => {
    expect(addressList(' ops@fleet.test\n\nduty@fleet.test, night@fleet.test ')).toEqual(['ops@fleet.test', 'duty@fleet.test', 'night@fleet.test']);
    expect(contactAddresses('ops@fleet.test\nduty@fleet.test')).toBeNull();
    expect(contactAddresses('  \n ')).toBe('Please enter at least one e-mail address!');
    expect(contactAddresses('ops@fleet.test\nnot-an-address')).toBe('not-an-address is not a valid e-mail address!');
    expect(contactAddresses(Array.from({ length: 21 }, (_, i) => `a${i}@fleet.test`).join('\n'))).toBe('At most 20 addresses!');
  });
  it('post to http(s) addresses only, signed with no secret or one of 16 to 200 visible characters', () => {
    expect(webhookUrl('https://hooks.slack.com/services/T0/B0/x')).toBeNull();
    expect(webhookUrl('ftp://files.test/x')).toBe('Please enter an http:// or https:// address!');
    expect(webhookSecret('')).toBeNull();
    expect(webhookSecret('whsec-0123456789ab')).toBeNull();
    expect(webhookSecret('short')).toBe('A secret is 16 to 200 visible characters, without spaces!');
    expect(webhookSecret('with a space 0123456789')).toBe('A secret is 16 to 200 visible characters, without spaces!');
  });
});
