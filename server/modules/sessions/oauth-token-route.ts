import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountSubject, displaySubject, recordAudit, shareSubject, type AuditNote } from '../../audit/record-audit';
import { shareIsOpen } from '../../access/share-open';
import { verifyAbsentPassword, verifyPassword } from '../../platform/auth/password-hash';
import { randomToken, tokenHash } from '../../platform/auth/secrets';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import { PlainText } from '../../../contract/entities/common';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';

const TokenBody = Type.Object({
  username: PlainText(254, { minLength: 1 }),
  password: PlainText(200, { default: '' }),
  token: Type.Optional(PlainText(200)),
  grant_type: Type.Union([Type.Literal('password'), Type.Literal('share'), Type.Literal('display')], { default: 'password' }),
});

const TokenData = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  ws: Type.String(),
});

const DISPLAY_SESSION_TTL_S = 10 * 365 * 24 * 3600;
const TOO_MANY = 'Too many attempts, please try again later';
const WRONG_PASSWORD = 'Password error !';
const SHARE_GONE = 'This share link is no longer valid';
export const DISPLAY_GONE = 'This display is no longer valid';

const clientOf = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h || !/^basic /i.test(h)) return null;
  return Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
};

export const registerOauthTokenRoute = (app: FastifyInstance, ctx: ServerContext) => {
  const issue = async (req: FastifyRequest, owner: { userId: string } | { shareAccount: string } | { displayId: string }) => {
    const token = randomToken();
    const wsKey = randomToken();
    const now = ctx.now();
    // A wall runs unattended for days: its session lasts until its display token is revoked.
    const ttlS = 'displayId' in owner ? DISPLAY_SESSION_TTL_S : ctx.config.tokenTtlS;
    await ctx.repo.sessions.create({
      tokenHash: tokenHash(token),
      wsKey,
      userId: 'userId' in owner ? owner.userId : null,
      shareAccount: 'shareAccount' in owner ? owner.shareAccount : null,
      displayId: 'displayId' in owner ? owner.displayId : null,
      createdAt: now,
      expiresAt: now + ttlS * 1000,
      revoked: false,
    });
    return ok({
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ttlS,
      ws: `${ctx.publicOrigin(req).replace(/^http/, 'ws')}/api/ws/${wsKey}`,
    });
  };

  app.withTypeProvider<TypeBoxProvider>().post(
    '/oauth/token',
    {
      config: { access: { public: true }, scope: scope.unscoped("public: sign-in, which opens the caller's own session") },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (password grant), open a share session (share grant) or a wall display (display grant, the token as username); Basic client credentials',
        body: TokenBody,
        response: answers(TokenData),
      },
    },
    async (req) => {
      if (clientOf(req) !== `${ctx.config.clientId}:${ctx.config.clientSecret}`) {
        throw badRequest('Invalid client credentials');
      }
      const { username, password, grant_type } = req.body;
      const now = ctx.now();
      // Emails compare case-insensitively; share accounts and display tokens are case-sensitive.
      const accountKey = grant_type === 'password' ? `password:${username.toLowerCase()}` : `${grant_type}:${username}`;
      // An attempt the throttle refuses checks nothing and is not logged, so a flood cannot fill the audit log.
      if (!ctx.signInThrottle.allows(accountKey, req.ip, now)) throw badRequest(TOO_MANY);
      const failed = async (msg: string, note: Pick<AuditNote, 'event' | 'target' | 'detail'>) => {
        ctx.signInThrottle.fail(accountKey, req.ip, now);
        await recordAudit(ctx, req, { ...note, outcome: 'failure', actor: null });
        return badRequest(msg);
      };
      if (grant_type === 'share') {
        const event = 'share.sign-in';
        const share = await ctx.repo.shares.byAccount(username);
        if (!share) throw await failed(SHARE_GONE, { event, detail: 'no such share' });
        const target = shareSubject(share);
        if (!shareIsOpen(share, now)) throw await failed(SHARE_GONE, { event, target, detail: share.active ? 'expired' : 'closed' });
        // Guessing from many addresses at once still meets the link's own limit.
        if (ctx.shareLinkLimiter.blocked(share.account, now)) throw badRequest(TOO_MANY);
        if (share.protection > 0 && !(share.passwordHash && (await verifyPassword(password, share.passwordHash)))) {
          ctx.shareLinkLimiter.fail(share.account, now);
          throw await failed(WRONG_PASSWORD, { event, target, detail: 'wrong password' });
        }
        ctx.signInThrottle.succeed(accountKey, req.ip);
        await recordAudit(ctx, req, { event, target, actor: null });
        return issue(req, { shareAccount: share.account });
      }
      if (grant_type === 'display') {
        const event = 'display.sign-in';
        // The display token is the credential; it comes as the user name.
        const display = await ctx.repo.displays.byTokenHash(tokenHash(username));
        if (!display) throw await failed(DISPLAY_GONE, { event, detail: 'no such display' });
        const subject = displaySubject(display);
        if (display.revokedAt !== null) throw await failed(DISPLAY_GONE, { event, target: subject, detail: 'revoked' });
        ctx.signInThrottle.succeed(accountKey, req.ip);
        await recordAudit(ctx, req, { event, target: subject, actor: subject });
        ctx.displaySeen.note(display.id, req.ip);
        const signedIn = await issue(req, { displayId: display.id });
        // One live session per display: a reload, a restarted browser or another screen replaces the last one.
        const kept = tokenHash(signedIn.data.access_token);
        await ctx.repo.sessions.dropOtherDisplaySessions(display.id, kept);
        ctx.sync.logout({ displayId: display.id, exceptTokenHash: kept }, FORCED_LOGOUT.displayReplaced);
        return signedIn;
      }
      const event = 'sign-in';
      const user = await ctx.repo.users.byEmail(username);
      // An unknown name is not logged: it may be a password typed into the wrong field. Its password
      // is checked all the same, so the answer comes as late as for a wrong password.
      if (!user) {
        await verifyAbsentPassword(password);
        throw await failed(WRONG_PASSWORD, { event, detail: 'unknown account' });
      }
      const target = accountSubject(user);
      if (!(await verifyPassword(password, user.passwordHash))) throw await failed(WRONG_PASSWORD, { event, target, detail: 'wrong password' });
      if (user.status !== 'active') {
        await recordAudit(ctx, req, { event, target, actor: null, outcome: 'failure', detail: 'account disabled' });
        throw forbidden('This account has been disabled');
      }
      ctx.signInThrottle.succeed(accountKey, req.ip);
      await recordAudit(ctx, req, { event, target, actor: target });
      await ctx.repo.users.recordSignIn(user.id, new Date(ctx.now()).toISOString());
      return issue(req, { userId: user.id });
    },
  );
};
