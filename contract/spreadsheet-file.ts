// Which files a batch import accepts, for the console (before the upload) and the server alike: the
// name says .xls or .xlsx and the first bytes say so too (a zip or an OLE2 container), so a text file
// renamed .xls is refused in the dialog, not after the upload.

export const SPREADSHEET_ONLY = 'Only xls or xlsx files can be imported!';

/** How many leading bytes `isSpreadsheet` looks at. */
export const SPREADSHEET_HEAD_BYTES = 8;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const XLS_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/** True when the bytes start as an .xlsx does (a zip). */
export const isXlsxArchive = (head: Uint8Array): boolean => startsWith(head, XLSX_MAGIC);

/** True when the file name and its first bytes both say .xls or .xlsx. */
export const isSpreadsheet = (fileName: string, head: Uint8Array): boolean => {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx') return isXlsxArchive(head);
  if (ext === 'xls') return startsWith(head, XLS_MAGIC);
  return false;
};
