import type { ServerContext } from '../server-context';
import type { CodePurpose } from '../storage/records';
import { randomCode, tokenHash } from './secrets';

const CODE_TTL_MS = 10 * 60_000;

/** `accountId` binds the code to the account that asked for it (a new email address is not yet anyone's). */
export const codeHashOf = (email: string, code: string, accountId = ''): string => tokenHash(`${accountId ? `${accountId}:` : ''}${email.toLowerCase()}:${code}`);

/**
 * Stores a fresh 6-digit code (valid 10 minutes, replacing an earlier one) and mails it; `intro`
 * says why it came.
 */
export const mailCode = async (ctx: ServerContext, email: string, purpose: CodePurpose, intro = '', accountId = ''): Promise<void> => {
  const code = randomCode();
  await ctx.repo.codes.put({ email, purpose, codeHash: codeHashOf(email, code, accountId), expiresAt: ctx.now() + CODE_TTL_MS });
  await ctx.mailer.send(email, 'Fleet Console verification code', `${intro}Your verification code is ${code}`);
};
