import type { Actor } from '../access/actor';
import type { SessionMatch } from '../platform/bus/fleet-bus';

export const matchesSession = (match: SessionMatch, a: Actor): boolean => {
  if ('tokenHash' in match) return a.session.tokenHash === match.tokenHash;
  if ('shareAccount' in match) return a.kind === 'share' && a.share.account === match.shareAccount;
  if ('displayId' in match) return a.kind === 'display' && a.display.id === match.displayId && a.session.tokenHash !== match.exceptTokenHash;
  if ('email' in match) return a.kind === 'user' && a.user.email.toLowerCase() === match.email.toLowerCase();
  return a.kind === 'user' && a.user.id === match.userId && a.session.tokenHash !== match.exceptTokenHash;
};
