// The words a person reads for a server refusal. The API names the field and says what is wrong in
// its own terms ("name: must NOT have more than 20 characters", the schema validator's wording);
// every toast and every field message goes through here, so nobody reads a field id or a validator
// phrase.
import { SPREADSHEET_ONLY } from '../../contract/spreadsheet-file';

/** Refusals the product already has its own text for. */
const PRODUCT_TEXT: Record<string, string> = {
  'file: only xls or xlsx files can be imported': SPREADSHEET_ONLY,
};

/** Field ids whose words are not just the id split into words. */
const FIELD_WORDS: Record<string, string> = {
  sn: 'S/N',
  sns: 'S/N',
  roleKey: 'Role key',
  account: 'Share link',
  tk: 'Share link',
  moveTo: 'Destination',
};

/** "expiresAt" → "Expires at", "vehicleIds" → "Vehicles", "views.2.fleetId" → "Fleet". */
export function fieldWords(path: string): string {
  const id =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path;
  if (FIELD_WORDS[id]) return FIELD_WORDS[id];
  const bare = id.replace(/Ids$/, 's').replace(/Id$/, '') || id;
  const words = bare
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The schema validator's phrases, in product words about the field. */
const VALIDATOR_PHRASES: [RegExp, (field: string, m: RegExpExecArray) => string][] = [
  [/^must NOT have fewer than (\d+) characters?$/, (f, m) => `${f} must be at least ${m[1]} characters!`],
  [/^must NOT have more than (\d+) characters?$/, (f, m) => `${f} cannot exceed ${m[1]} characters!`],
  [/^must NOT have fewer than (\d+) items?$/, (f, m) => `Please choose at least ${m[1]} for ${f.toLowerCase()}!`],
  [/^must NOT have more than (\d+) items?$/, (f, m) => `${f} can hold at most ${m[1]}!`],
  [/^must have required property '.+'$/, (f) => `Please fill in ${f.toLowerCase()}!`],
  [/^must be integer$/, (f) => `${f} must be a whole number!`],
  [/^must be number$/, (f) => `${f} must be a number!`],
  [/^must be (>=|>) (-?[\d.]+)$/, (f, m) => `${f} must be ${m[1] === '>=' ? 'at least' : 'more than'} ${m[2]}!`],
  [/^must be (<=|<) (-?[\d.]+)$/, (f, m) => `${f} must be ${m[1] === '<=' ? 'at most' : 'less than'} ${m[2]}!`],
  [/^must match format "email"$/, () => 'Please enter a valid email address!'],
  [/^must match (pattern|format) .+$/, (f) => `${f} is not in the expected form!`],
  [/^must be equal to (one of the allowed values|constant)$/, (f) => `Please choose a valid ${f.toLowerCase()}!`],
  [/^must NOT have additional properties$/, (f) => `${f} is not accepted here!`],
  [/^must be (string|boolean|object|array|null)$/, (f) => `${f} has the wrong kind of value!`],
];

/** Phrases that go on from the field ("… must be in the future"); others stand as their own sentence. */
const CONTINUES_FIELD = /^(must|cannot|can |is |are |has |have |only |required|missing|too )/;

const sentence = (text: string) => {
  const upper = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…)]$/.test(upper) ? upper : `${upper}!`;
};

/** The product's words for a refusal's `msg`; a message that names no field is already in them. */
export function refusalText(msg: string): string {
  const known = PRODUCT_TEXT[msg];
  if (known) return known;
  const named = /^([A-Za-z][\w.]*): (.+)$/s.exec(msg);
  if (!named) return msg;
  const field = fieldWords(named[1]!);
  const phrase = named[2]!;
  for (const [pattern, words] of VALIDATOR_PHRASES) {
    const m = pattern.exec(phrase);
    if (m) return words(field, m);
  }
  return CONTINUES_FIELD.test(phrase) ? sentence(`${field} ${phrase}`) : sentence(phrase);
}
