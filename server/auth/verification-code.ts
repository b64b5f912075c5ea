import type { ServerContext } from '../server-context';
import { randomCode, tokenHash } from './secrets';

export type CodePurpose = 'register' | 'reset';

const CODE_TTL_MS = 10 * 60_000;

export const codeHashOf = (email: string, code: string): string => tokenHash(`${email.toLowerCase()}:${code}`);

/**
 * Stores a fresh 6-digit code (valid 10 minutes, replacing an earlier one) and mails it; `intro`
 * says why it came.
 */
export const mailCode = async (ctx: ServerContext, email: string, purpose: CodePurpose, intro = ''): Promise<void> => {
  const code = randomCode();
  await ctx.repo.codes.put({ email, purpose, codeHash: codeHashOf(email, code), expiresAt: ctx.now() + CODE_TTL_MS });
  await ctx.mailer.send(email, 'Fleet Console verification code', `${intro}Your verification code is ${code}`);
};
