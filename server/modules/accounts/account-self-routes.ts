import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import { saveAccount } from '../../access/save-account';
import { accountSubject, recordAudit } from '../../audit/record-audit';
import { hashPassword, verifyPassword } from '../../platform/auth/password-hash';
import { CODE_LIMITS } from '../../platform/auth/code-limits';
import { codeHashOf, mailAlreadyRegistered, mailCode, storeUnsentCode } from '../../platform/auth/verification-code';
import { decodeImageDataUrl, imageDataUrl } from '../../platform/http/image-data-url';
import { ACCOUNT_SETTINGS_MESSAGES, AVATAR_MAX_BYTES, AVATAR_TYPES, AvatarDataUrl } from '../../../contract/protocol/account-settings-rules';
import { badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import { REGISTRATION_MAIL_SENT } from '../../../contract/protocol/registration-messages';
import {
  AvatarUpdateSchema,
  EmailChangeSchema,
  EmailCodeRequestSchema,
  PasswordChangeSchema,
  PasswordResetSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegistrationSchema,
  ThemeUpdateSchema,
  USER_API,
  VerificationCodeRequestSchema,
} from '../../../contract/entities/profile';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { CodePurpose } from './verification-code-store';
import type { UserRecord } from './user-store';

const TOO_MANY = 'Too many attempts, please try again later';
const CODE_EXPIRED = 'The verification code has expired, please request a new one';
const EMAIL_CHANGE =
  'Someone asked to use this address for their Fleet Console account. If it was you, enter this code on the settings page; otherwise ignore this mail.\n';

/** Register, reset and change a password, own profile and log-out: the calls of /register, /login and /setting/set. */
export const registerAccountSelfRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tag = ['account (self)'];
  /** Public calls that prove an address with a mailed code. */
  const byMailedCode = {
    access: { public: true as const },
    scope: scope.unscoped('public: registration and password reset by a code mailed to the address; no fleet row'),
  };
  /** The caller's own account. */
  const own = { access: { permission: USER_API.permissions.edit }, scope: scope.unscoped("the caller's own account") };

  /**
   * Wrong guesses count per client address, so a stranger's cannot use up the owner's; the stored
   * count holds the ceiling for all addresses together, on every node of a cluster.
   */
  const checkCode = async (req: FastifyRequest, email: string, purpose: CodePurpose, code: string, accountId?: string) => {
    if (!ctx.codeLimits.mayGuess(email, purpose, req.ip, ctx.now())) throw badRequest(TOO_MANY);
    const stored = await ctx.repo.codes.get(email, purpose);
    if (!stored || stored.expiresAt < ctx.now() || stored.attempts >= CODE_LIMITS.guessesPerEmail) throw badRequest(CODE_EXPIRED);
    if (stored.codeHash !== codeHashOf(email, code, accountId)) {
      ctx.codeLimits.wrongGuess(email, purpose, req.ip, ctx.now());
      await ctx.repo.codes.countAttempt(email, purpose);
      throw badRequest('The verification code is wrong');
    }
    await ctx.repo.codes.delete(email, purpose);
  };

  const limitCodeRequests = (req: FastifyRequest, email: string) => {
    if (!ctx.codeLimits.send(email, req.ip, ctx.now())) throw badRequest(TOO_MANY);
  };
  const profileOf = async (user: UserRecord) => {
    const { theme, avatar } = await ctx.repo.accountSettings.appearance(user.id);
    return {
      email: user.email,
      userName: user.userName,
      phone: user.phone,
      speedUnit: user.speedUnit,
      mileageUnit: user.mileageUnit,
      theme,
      avatar: avatar && imageDataUrl(avatar),
    };
  };
  /** 400 naming `email` unless the address may become the account's. */
  const mustBeFreeFor = async (user: UserRecord, email: string) => {
    if (email.toLowerCase() === user.email.toLowerCase()) throw badRequest(`email: ${ACCOUNT_SETTINGS_MESSAGES.sameEmail}`);
    if (await ctx.repo.users.byEmail(email)) throw badRequest(`email: ${ACCOUNT_SETTINGS_MESSAGES.emailTaken}`);
  };

  r.post(
    `${USER_API.base}/send/code`,
    {
      config: byMailedCode,
      schema: {
        tags: tag,
        summary: 'Mail a 6-digit verification code (valid 10 minutes) for registering or resetting a password',
        body: VerificationCodeRequestSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { email, purpose } = req.body;
      limitCodeRequests(req, email);
      const existing = await ctx.repo.users.byEmail(email);
      // Whether the address has an account, the answer is the same, so addresses cannot be probed.
      if (purpose === 'register') {
        await (existing ? mailAlreadyRegistered(ctx, email) : mailCode(ctx, email, purpose));
        return ok(null, REGISTRATION_MAIL_SENT);
      }
      await (existing ? mailCode(ctx, email, purpose) : storeUnsentCode(ctx, email, purpose));
      return ok(null, 'Verification code sent');
    },
  );

  r.post(
    `${USER_API.base}/add/register`,
    {
      config: byMailedCode,
      schema: {
        tags: tag,
        summary: 'Create an account (default role) with the code mailed by send/code',
        body: RegistrationSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { email, userName, password, code } = req.body;
      // The code first: only the owner of the address, who got it, learns that it has an account.
      await checkCode(req, email, 'register', code);
      if (await ctx.repo.users.byEmail(email)) throw badRequest('This email is already registered');
      const user: UserRecord = {
        id: `user-${randomUUID()}`,
        email,
        userName,
        passwordHash: await hashPassword(password),
        status: 'active',
        roleId: null,
        phone: '',
        speedUnit: 'km/h',
        mileageUnit: 'km',
        createdAt: new Date(ctx.now()).toISOString(),
        lastSignInAt: null,
      };
      await ctx.repo.users.create(user);
      await recordAudit(ctx, req, { event: 'account.created', actor: accountSubject(user), target: accountSubject(user), detail: 'registered; role member' });
      return ok(null, 'Registered');
    },
  );

  r.put(
    `${USER_API.base}/update/reset`,
    {
      config: byMailedCode,
      schema: {
        tags: tag,
        summary: 'Set a new password with the code mailed by send/code; ends every session of the account',
        body: PasswordResetSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { email, code, password } = req.body;
      await checkCode(req, email, 'reset', code);
      const user = await ctx.repo.users.byEmail(email);
      if (!user) throw badRequest(CODE_EXPIRED);
      await saveAccount(ctx, user, { ...user, passwordHash: await hashPassword(password) });
      await recordAudit(ctx, req, { event: 'password.reset', actor: accountSubject(user), target: accountSubject(user), detail: 'with a mailed code' });
      return ok(null, 'Password reset');
    },
  );

  r.put(
    `${USER_API.base}/update/password`,
    {
      config: own,
      schema: {
        tags: tag,
        summary: 'Change the own password (old one required); other sessions of the account end',
        body: PasswordChangeSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { user, session } = accountOf(req);
      const target = accountSubject(user);
      if (!(await verifyPassword(req.body.oldPassword, user.passwordHash))) {
        await recordAudit(ctx, req, { event: 'password.changed', target, outcome: 'failure', detail: 'wrong old password' });
        throw badRequest('Password error !');
      }
      await saveAccount(ctx, user, { ...user, passwordHash: await hashPassword(req.body.password) }, session.tokenHash);
      await recordAudit(ctx, req, { event: 'password.changed', target });
      return ok(null, 'Password changed');
    },
  );

  r.get(
    `${USER_API.base}/get/profile`,
    {
      config: { scope: scope.unscoped("the caller's own account") },
      schema: { tags: tag, summary: 'Own settings: email, user name, phone, units, theme and avatar (a data: URL or null)', response: answers(ProfileSchema) },
    },
    async (req) => ok(await profileOf(accountOf(req).user)),
  );

  r.put(
    `${USER_API.base}/update/profile`,
    {
      config: own,
      schema: {
        tags: tag,
        summary: 'Change own user name, phone number and units',
        body: ProfileUpdateSchema,
        response: answers(ProfileSchema),
      },
    },
    async (req) => {
      const { user } = accountOf(req);
      const next = { ...user, ...req.body };
      await ctx.repo.users.update(next);
      return ok(await profileOf(next), 'Saved');
    },
  );

  r.post(
    `${USER_API.base}/send/email-code`,
    {
      config: own,
      schema: {
        tags: tag,
        summary: 'Mail a 6-digit code (valid 10 minutes) to a new email address for the own account; update/email takes it',
        body: EmailCodeRequestSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { user } = accountOf(req);
      await mustBeFreeFor(user, req.body.email);
      limitCodeRequests(req, req.body.email);
      await mailCode(ctx, req.body.email, 'email', EMAIL_CHANGE, user.id);
      return ok(null, 'Verification code sent');
    },
  );

  r.put(
    `${USER_API.base}/update/email`,
    {
      config: own,
      schema: {
        tags: tag,
        summary: 'Change the own email address with the code send/email-code mailed to it; sign-in uses the new address from then on',
        body: EmailChangeSchema,
        response: answers(ProfileSchema),
      },
    },
    async (req) => {
      const { user } = accountOf(req);
      await mustBeFreeFor(user, req.body.email);
      await checkCode(req, req.body.email, 'email', req.body.code, user.id);
      const next = { ...user, email: req.body.email };
      await ctx.repo.users.update(next);
      await recordAudit(ctx, req, { event: 'account.email-changed', target: accountSubject(next), detail: `${user.email} → ${next.email}` });
      return ok(await profileOf(next), 'Saved');
    },
  );

  r.put(
    `${USER_API.base}/update/theme`,
    {
      config: own,
      schema: {
        tags: tag,
        summary: 'Keep the own theme (light or dark); the console applies it at sign-in',
        body: ThemeUpdateSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      await ctx.repo.accountSettings.setTheme(accountOf(req).user.id, req.body.theme);
      return ok(null, 'Saved');
    },
  );

  r.put(
    `${USER_API.base}/update/avatar`,
    {
      config: own,
      // Room for a 2 MB image as base64 (the server-wide limit is 1 MB); the schema and the bytes decide the rest.
      bodyLimit: (AvatarDataUrl.maxLength ?? 0) + 1024,
      schema: {
        tags: tag,
        summary: `Set the own avatar: a data: URL of a PNG, JPEG or WebP image of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB (the bytes must match the type); null removes it`,
        body: AvatarUpdateSchema,
        response: answers(ProfileSchema),
      },
    },
    async (req) => {
      const { user } = accountOf(req);
      const avatar =
        req.body.avatar === null
          ? null
          : decodeImageDataUrl(req.body.avatar, {
              field: 'avatar',
              types: AVATAR_TYPES,
              maxBytes: AVATAR_MAX_BYTES,
              wrongType: ACCOUNT_SETTINGS_MESSAGES.avatarType,
              tooLarge: ACCOUNT_SETTINGS_MESSAGES.avatarSize,
            });
      await ctx.repo.accountSettings.setAvatar(user.id, avatar);
      return ok(await profileOf(user), 'Saved');
    },
  );

  r.post(
    `${USER_API.base}/logout`,
    {
      config: { access: { public: true }, scope: scope.unscoped("public: ends the caller's own session, if it has one") },
      schema: { tags: tag, summary: "End the caller's session (token and socket)", response: answers(Type.Null()) },
    },
    async (req) => {
      const actor = req.actor;
      if (actor) {
        await ctx.repo.sessions.revoke(actor.session.tokenHash);
        ctx.sync.logout({ tokenHash: actor.session.tokenHash }, FORCED_LOGOUT.loginExpired);
      }
      return ok(null);
    },
  );
};
