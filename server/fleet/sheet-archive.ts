import { createInflateRaw } from 'node:zlib';
import { MAX_SHEET_PACK_RATIO, MAX_SHEET_PARTS, MAX_SHEET_UNPACKED_BYTES } from '../platform/http/upload-limits';

/** A sheet refused for what it would cost to read; the message is in the product's words. */
export class SheetRefusal extends Error {}

const END_RECORD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes and may be followed by a comment of up to 64 KiB. */
const END_SEARCH = 22 + 0xffff;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag: the sizes follow the data instead of standing in the local header. */
const SIZES_AFTER_DATA = 0x08;
const MB = 1024 * 1024;

const unreadable = (why: string) => new Error(`not a readable .xlsx: ${why}`);

const endRecordAt = (zip: Buffer): number => {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - END_SEARCH); at--) if (zip.readUInt32LE(at) === END_RECORD) return at;
  throw unreadable('no end of central directory');
};

/** Inflates `packed` without keeping it, stopping once more than `limit` bytes came out; answers the count. */
const inflatedSize = (packed: Buffer, limit: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.once('end', () => resolve(size));
    inflate.once('error', reject);
    inflate.end(packed);
  });

/**
 * Checks an .xlsx before anything unpacks it: the number of parts, the sizes they declare (in total,
 * and against the file's own size), that each local header agrees with the directory, and, inflating
 * each part as a stream without keeping it, that no part holds more than it declares.
 */
export const checkSheetArchive = async (zip: Buffer): Promise<void> => {
  const end = endRecordAt(zip);
  const parts = zip.readUInt16LE(end + 10);
  if (parts > MAX_SHEET_PARTS) throw new SheetRefusal(`the spreadsheet has more than ${MAX_SHEET_PARTS} parts`);
  const tooLarge = new SheetRefusal(`the spreadsheet unpacks to more than ${MAX_SHEET_UNPACKED_BYTES / MB} MB`);
  const entries: Array<{ method: number; offset: number; packed: number; size: number; flags: number }> = [];
  let declared = 0;
  for (let at = zip.readUInt32LE(end + 16), i = 0; i < parts; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_ENTRY) throw unreadable('broken central directory');
    const entry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    };
    declared += entry.size;
    if (declared > MAX_SHEET_UNPACKED_BYTES) throw tooLarge;
    entries.push(entry);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  if (declared > MAX_SHEET_PACK_RATIO * zip.length) throw new SheetRefusal(`the spreadsheet unpacks to more than ${MAX_SHEET_PACK_RATIO} times its size`);
  for (const entry of entries) {
    const { offset } = entry;
    if (offset + 30 > zip.length || zip.readUInt32LE(offset) !== LOCAL_HEADER) throw unreadable('broken local header');
    // The reader trusts the local header's sizes: they must be those the directory was checked for.
    const sizesHere = !(zip.readUInt16LE(offset + 6) & SIZES_AFTER_DATA);
    if (sizesHere && (zip.readUInt32LE(offset + 18) !== entry.packed || zip.readUInt32LE(offset + 22) !== entry.size))
      throw unreadable('local header disagrees with the directory');
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const packed = zip.subarray(start, start + entry.packed);
    if (entry.method === STORED && packed.length !== entry.size) throw unreadable('stored part of the wrong size');
    if (entry.method === DEFLATED && (await inflatedSize(packed, entry.size)) > entry.size) {
      throw new SheetRefusal('the spreadsheet unpacks to more than it declares');
    }
    if (entry.method !== STORED && entry.method !== DEFLATED) throw unreadable(`compression method ${entry.method}`);
  }
};
