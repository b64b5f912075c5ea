import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '../../contract/entities/feedback';
import { decodeImageDataUrl } from '../platform/http/image-data-url';

/** A feedback screenshot sent as a data: URL: an image of an allowed type, whose bytes say so, within the size limit. */
export const decodeScreenshot = (dataUrl: string): { type: string; data: Buffer } =>
  decodeImageDataUrl(dataUrl, {
    field: 'screenshot',
    types: SCREENSHOT_TYPES,
    maxBytes: SCREENSHOT_MAX_BYTES,
    wrongType: 'only PNG, JPEG, GIF or WebP images',
    tooLarge: `at most ${SCREENSHOT_MAX_BYTES / 1024} KB`,
  });
