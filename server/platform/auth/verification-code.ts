import type { ServerContext } from '../../server-context';
import type { CodePurpose } from '../../modules/accounts/verification-code-store';
import { randomCode, tokenHash } from './secrets';

const CODE_TTL_MS = 10 * 60_000;

const ALREADY_REGISTERED =
  'Someone asked to register a new Fleet Console account with this address, which already has an account. If it was you, sign in on the sign-in page instead; if you forgot the password, follow "Forgot password?" there. If it was not you, ignore this mail: nothing has changed.';

/** `accountId` binds the code to the account that asked for it (a new email address is not yet anyone's). */
export const codeHashOf = (email: string, code: string, accountId = ''): string => tokenHash(`${accountId ? `${accountId}:` : ''}${email.toLowerCase()}:${code}`);

/** Stores a fresh 6-digit code (valid 10 minutes, replacing an earlier one) and returns it. */
const storeCode = async (ctx: ServerContext, email: string, purpose: CodePurpose, accountId = ''): Promise<string> => {
  const code = randomCode();
  await ctx.repo.codes.put({ email, purpose, codeHash: codeHashOf(email, code, accountId), expiresAt: ctx.now() + CODE_TTL_MS });
  return code;
};

/** Stores a fresh code and mails it; `intro` says why it came. */
export const mailCode = async (ctx: ServerContext, email: string, purpose: CodePurpose, intro = '', accountId = ''): Promise<void> => {
  const code = await storeCode(ctx, email, purpose, accountId);
  await ctx.mailer.send(email, 'Fleet Console verification code', `${intro}Your verification code is ${code}`);
};

/**
 * For a request that must get no code (a reset for an address without an account): a code is
 * stored all the same and never sent, so a guess at it is answered as a guess at a mailed one.
 */
export const storeUnsentCode = async (ctx: ServerContext, email: string, purpose: CodePurpose): Promise<void> => {
  await storeCode(ctx, email, purpose);
};

/** Registering an address that has an account: its owner is told how to sign in, and no code is sent. */
export const mailAlreadyRegistered = async (ctx: ServerContext, email: string): Promise<void> => {
  await storeUnsentCode(ctx, email, 'register');
  await ctx.mailer.send(email, 'Fleet Console registration', ALREADY_REGISTERED);
};
