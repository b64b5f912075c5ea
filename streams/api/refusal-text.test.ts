import { describe, expect, it } from 'vitest';
import { SPREADSHEET_ONLY } from '../../contract/spreadsheet-file';
import { fieldWords, refusalText } from './refusal-text';

describe('refusalText', () => {
  it('gives the product text for refusals the product has words for', () => {
    expect(refusalText('file: only xls or xlsx files can be imported')).toBe(SPREADSHEET_ONLY);
  });

  it("turns the schema validator's phrases into sentences about the field", () => {
    expect(refusalText('account: must NOT have fewer than 16 characters')).toBe('Share link must be at least 16 characters!');
    expect(refusalText('name: must NOT have more than 20 characters')).toBe('Name cannot exceed 20 characters!');
    expect(refusalText("roleKey: must have required property 'roleKey'")).toBe('Please fill in role key!');
    expect(refusalText('pageSize: must be <= 100')).toBe('Page size must be at most 100!');
    expect(refusalText('value: must be integer')).toBe('Value must be a whole number!');
    expect(refusalText('email: must match format "email"')).toBe('Please enter a valid email address!');
    expect(refusalText('sn: must match pattern "^[A-Za-z0-9-]+$"')).toBe('S/N is not in the expected form!');
    expect(refusalText('status: must be equal to one of the allowed values')).toBe('Please choose a valid status!');
  });

  it('keeps the server’s own sentences, without the field id', () => {
    expect(refusalText('expiresAt: must be in the future')).toBe('Expires at must be in the future!');
    expect(refusalText('fleetId: no such fleet')).toBe('No such fleet!');
    expect(refusalText('message: Please enter the reply!')).toBe('Please enter the reply!');
    expect(refusalText('file: the sheet has no vehicle rows')).toBe('The sheet has no vehicle rows!');
  });

  it('leaves messages that name no field as they are', () => {
    expect(refusalText('Password error !')).toBe('Password error !');
    expect(refusalText('This email is already registered')).toBe('This email is already registered');
  });
});

describe('fieldWords', () => {
  it('names a field the way a form labels it', () => {
    expect(fieldWords('vehicleIds')).toBe('Vehicles');
    expect(fieldWords('views.2.fleetId')).toBe('Fleet');
    expect(fieldWords('sn')).toBe('S/N');
  });
});
