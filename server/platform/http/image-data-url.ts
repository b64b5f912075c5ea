import { badRequest } from './api-error';

type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

// What each image type starts with; the declared type must match the bytes.
const MAGIC: Record<ImageType, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 6).toString('latin1') === 'GIF87a' || b.subarray(0, 6).toString('latin1') === 'GIF89a',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export interface ImageRules {
  /** The request field, named in every refusal. */
  field: string;
  types: readonly ImageType[];
  maxBytes: number;
  wrongType: string;
  tooLarge: string;
}

/** An image sent as a base64 data: URL: of an allowed type, whose bytes say so, within the size limit. */
export const decodeImageDataUrl = (dataUrl: string, rules: ImageRules): { type: string; data: Buffer } => {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!match) throw badRequest(`${rules.field}: must be a base64 data: URL of an image`);
  const type = match[1] as ImageType;
  if (!rules.types.includes(type)) throw badRequest(`${rules.field}: ${rules.wrongType}`);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length > rules.maxBytes) throw badRequest(`${rules.field}: ${rules.tooLarge}`);
  if (!MAGIC[type](data)) throw badRequest(`${rules.field}: the file is not a ${type.slice(6).toUpperCase()} image`);
  return { type, data };
};

export const imageDataUrl = (image: { type: string; data: Buffer }): string => `data:${image.type};base64,${image.data.toString('base64')}`;
