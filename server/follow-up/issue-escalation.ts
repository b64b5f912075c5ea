// Escalating an issue: by hand with a reason, or by itself once it has stayed open or in progress
// longer than its fleet's limit. The limit is counted from the stored time of the last status change,
// so a restart loses nothing: the first check after start catches up.
import { ISSUE_STATUS_LABEL } from '../../contract/api/issue-workflow';
import type { ServerContext } from '../server-context';
import type { IssueRecord } from '../modules/issues/issue-store';

const CHECK_EVERY_MS = 60_000;

/** Writes the escalation unless the issue changed meanwhile, and tells the fleet's managers and the assignee. */
export const escalateIssue = async (
  ctx: Pick<ServerContext, 'repo' | 'sync'>,
  issue: IssueRecord,
  escalation: { mode: 'manual' | 'automatic'; reason: string; at: number; actor: { id: string; name: string } | null },
): Promise<IssueRecord | null> => {
  const { mode, reason, at, actor } = escalation;
  const next: IssueRecord = { ...issue, status: 'escalated', escalation: mode, escalationReason: reason, statusSince: at, updatedAt: at };
  const written = await ctx.repo.issues.update(issue, next, [
    { at, actorId: actor?.id ?? null, actor: actor?.name ?? null, action: 'escalated', detail: { mode, reason, from: issue.status } },
  ]);
  if (!written) return null;
  ctx.sync.notice(
    { fleetId: issue.fleetId, userIds: issue.assigneeId ? [issue.assigneeId] : [] },
    { kind: 'issue.escalated', issueId: issue.id, number: issue.number, title: issue.title, mode, reason, at },
  );
  return next;
};

/** Escalates every overdue issue now; answers how many it escalated. */
export const escalateOverdue = async (ctx: Pick<ServerContext, 'repo' | 'sync' | 'now'>): Promise<number> => {
  const at = ctx.now();
  let n = 0;
  for (const { issue, hours } of await ctx.repo.issues.overdue(at)) {
    const reason = `${ISSUE_STATUS_LABEL[issue.status]} for more than ${hours} h`;
    // Several nodes may check at once: the write goes through for one of them only.
    if (await escalateIssue(ctx, issue, { mode: 'automatic', reason, at, actor: null })) n++;
  }
  return n;
};

/** Checks at once (catching up after a restart), then every minute; answers the stop. */
export const startIssueEscalation = (ctx: Pick<ServerContext, 'repo' | 'sync' | 'now'>, log: (line: string) => void): (() => void) => {
  const check = () => void escalateOverdue(ctx).catch((err: unknown) => log(`Issue escalation check failed: ${String(err)}`));
  check();
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
