import type { ShareRecord } from '../modules/shares/share-store';

/** A share opens its vehicle while it is on and its expiry, if it has one, has not come. */
export const shareIsOpen = (share: Pick<ShareRecord, 'active' | 'expiresAt'>, nowMs: number): boolean =>
  share.active && (share.expiresAt === null || share.expiresAt > nowMs);
