// CSV as the console's list and report exports and the server's history export write it. A text
// cell a spreadsheet would read as a formula (=, +, -, @, tab or carriage return first) gets a
// single quote in front and is quoted, so a name like =HYPERLINK(…) stays text when the file is
// opened (OWASP, "CSV Injection"). Numbers are written as they are.

export type CsvCell = string | number | null | undefined;

const FORMULA_LEAD = /^[=+\-@\t\r]/;
/** Text that is a plain decimal number ("-3.50"): a spreadsheet reads it as that number and nothing else. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null and undefined. */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || PLAIN_NUMBER.test(value)) return String(value);
  const neutralised = FORMULA_LEAD.test(value);
  const text = neutralised ? `'${value}` : value;
  return neutralised || NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** Rows of cells as CSV lines, separated by line feeds, without a line feed after the last. */
export const csvText = (rows: Iterable<readonly CsvCell[]>): string => Array.from(rows, (row) => row.map(csvCell).join(',')).join('\n');
