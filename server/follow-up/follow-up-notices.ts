// Follow-up events pushed live to the people they concern, as server notices (cmd 8, which the
// contract lets other consoles ignore). The audience is data so that it crosses cluster nodes.
import type { Actor } from '../access/actor';
import { scopeIncludes } from '../access/scope-includes';

/** Fleet managers whose scope holds the fleet (super.admin included), and the named accounts. */
export interface NoticeAudience {
  fleetId: string | null;
  userIds: string[];
}

export type FollowUpNotice =
  | { kind: 'issue.escalated'; issueId: string; number: string; title: string; mode: 'manual' | 'automatic'; reason: string; at: number }
  | { kind: 'feedback.replied'; feedbackId: string; at: number };

export const reaches = (audience: NoticeAudience, actor: Actor): boolean =>
  actor.kind === 'user' &&
  (audience.userIds.includes(actor.user.id) ||
    (audience.fleetId !== null && actor.role.fleetManager && scopeIncludes(actor.scope, { fleetId: audience.fleetId, subFleetId: null, depotId: null })));
