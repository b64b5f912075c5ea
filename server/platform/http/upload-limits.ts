/**
 * What the server takes from a client in one request, and what reading an uploaded spreadsheet may
 * cost it. A small .xlsx can unpack to gigabytes or declare a million rows: each limit here is
 * checked before the cost it bounds is paid.
 */

const MiB = 1024 * 1024;

/** A JSON or form body, unless the route sets its own (the avatar's data: URL). */
export const MAX_BODY_BYTES = 1 * MiB;
/** An uploaded file (multipart): the vehicle batch sheet. */
export const MAX_UPLOAD_BYTES = 5 * MiB;
/** Form fields sent along with an uploaded file, and the bytes kept of each. */
export const MAX_UPLOAD_FIELDS = 8;
export const MAX_UPLOAD_FIELD_BYTES = 1024;

/** Parts in an .xlsx (a zip): a workbook has a few dozen. */
export const MAX_SHEET_PARTS = 500;
/** Every part of an .xlsx unpacked, as declared and as actually inflated. */
export const MAX_SHEET_UNPACKED_BYTES = 8 * MiB;
/** How many times its own size an .xlsx may unpack to (spreadsheets pack about 5 to 20 times). */
export const MAX_SHEET_PACK_RATIO = 100;
/** Vehicle rows in one batch sheet, below its header row. */
export const MAX_SHEET_ROWS = 2000;
/** Wall-clock time to read one sheet. */
export const MAX_SHEET_READ_MS = 20_000;
/** The heap of the thread reading one sheet. */
export const MAX_SHEET_READ_HEAP_MB = 96;
/** Sheets read at once; more wait in line. */
export const MAX_SHEET_READS_AT_ONCE = 2;
/** Sheets waiting for their turn; one more is turned away until a turn frees. */
export const MAX_SHEET_READS_WAITING = 8;
