import type { FleetRepository } from '../platform/database/fleet-repository';

/** A wall display's last seen time is written at most this often while its address stays the same. */
export const DISPLAY_SEEN_EVERY_MS = 60_000;

export interface DisplayLastSeen {
  /** The display was heard from (sign-in, a REST call, a socket message) from `address`. */
  note(displayId: string, address: string): void;
}

/** An IPv4 client seen through an IPv6 socket reads as the IPv4 address people know. */
const plainAddress = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * When and from where each wall was last seen, for the displays list. A wall on its socket alone
 * (the board open for hours, no REST call) is still seen by its heartbeats.
 */
export const displayLastSeen = (repo: FleetRepository, now: () => number, log: (line: string) => void): DisplayLastSeen => {
  const written = new Map<string, { at: number; address: string }>();
  return {
    note(displayId, address) {
      const at = now();
      const plain = plainAddress(address);
      const last = written.get(displayId);
      // A wall that moved (or another screen) shows at once.
      if (last && last.address === plain && at - last.at < DISPLAY_SEEN_EVERY_MS) return;
      written.set(displayId, { at, address: plain });
      repo.displays.seen(displayId, at, plain).catch((error: unknown) => log(`Display ${displayId} last seen not written: ${String(error)}`));
    },
  };
};
