import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '../../streams/protocol/follow-up-schemas';
import { badRequest } from '../http/api-error';

// What each allowed image type starts with; the declared type must match the bytes.
const MAGIC: Record<(typeof SCREENSHOT_TYPES)[number], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** A feedback screenshot sent as a data: URL: an image of an allowed type, whose bytes say so, within the size limit. */
export const decodeScreenshot = (dataUrl: string): { type: string; data: Buffer } => {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!match) throw badRequest('screenshot: must be a base64 data: URL of an image');
  const type = match[1] as (typeof SCREENSHOT_TYPES)[number];
  if (!SCREENSHOT_TYPES.includes(type)) throw badRequest('screenshot: only PNG, JPEG, GIF or WebP images');
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > SCREENSHOT_MAX_BYTES) throw badRequest(`screenshot: at most ${SCREENSHOT_MAX_BYTES / 1024} KB`);
  if (!MAGIC[type](data)) throw badRequest(`screenshot: the file is not a ${type.slice(6).toUpperCase()} image`);
  return { type, data };
};

export const screenshotUrl = (s: { type: string; data: Buffer }): string => `data:${s.type};base64,${s.data.toString('base64')}`;
