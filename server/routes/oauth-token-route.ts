import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/password-hash';
import { randomToken, tokenHash } from '../auth/secrets';
import { badRequest, forbidden } from '../http/api-error';
import { answers, ok } from '../http/envelope';
import type { TypeBoxProvider } from '../http/type-provider';
import type { ServerContext } from '../server-context';

const TokenBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ maxLength: 200, default: '' }),
  token: Type.Optional(Type.String({ maxLength: 200 })),
  grant_type: Type.Union([Type.Literal('password'), Type.Literal('share')], { default: 'password' }),
});

const TokenData = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer(),
  ws: Type.String(),
});

const TOO_MANY = 'Too many attempts, please try again later';
const WRONG_PASSWORD = 'Password error !';

const clientOf = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h || !/^basic /i.test(h)) return null;
  return Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
};

/** The websocket address of a session, on the host and scheme the caller used. */
const wsAddress = (req: FastifyRequest, wsKey: string): string =>
  `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}/api/ws/${wsKey}`;

export const registerOauthTokenRoute = (app: FastifyInstance, ctx: ServerContext) => {
  const issue = async (req: FastifyRequest, owner: { userId: string } | { shareAccount: string }) => {
    const token = randomToken();
    const wsKey = randomToken();
    const now = ctx.now();
    await ctx.repo.sessions.create({
      tokenHash: tokenHash(token),
      wsKey,
      userId: 'userId' in owner ? owner.userId : null,
      shareAccount: 'shareAccount' in owner ? owner.shareAccount : null,
      createdAt: now,
      expiresAt: now + ctx.config.tokenTtlS * 1000,
      revoked: false,
    });
    return ok({
      access_token: token,
      token_type: 'bearer' as const,
      expires_in: ctx.config.tokenTtlS,
      ws: wsAddress(req, wsKey),
    });
  };

  app.withTypeProvider<TypeBoxProvider>().post(
    '/oauth/token',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (password grant) or open a share session (share grant); Basic client credentials',
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
      const accountKey = `${grant_type}:${username.toLowerCase()}`;
      const ipKey = `ip:${req.ip}`;
      if (ctx.accountLimiter.blocked(accountKey, now) || ctx.addressLimiter.blocked(ipKey, now)) throw badRequest(TOO_MANY);
      const failed = (msg: string) => {
        ctx.accountLimiter.fail(accountKey, now);
        ctx.addressLimiter.fail(ipKey, now);
        return badRequest(msg);
      };
      if (grant_type === 'share') {
        const share = await ctx.repo.shares.byAccount(username);
        if (!share || !share.active) throw failed('This share link is no longer valid');
        if (share.protection > 0 && !(share.passwordHash && (await verifyPassword(password, share.passwordHash)))) {
          throw failed(WRONG_PASSWORD);
        }
        ctx.accountLimiter.clear(accountKey);
        return issue(req, { shareAccount: share.account });
      }
      const user = await ctx.repo.users.byEmail(username);
      if (!user || !(await verifyPassword(password, user.passwordHash))) throw failed(WRONG_PASSWORD);
      if (user.status !== 'active') throw forbidden('This account has been disabled');
      ctx.accountLimiter.clear(accountKey);
      return issue(req, { userId: user.id });
    },
  );
};
