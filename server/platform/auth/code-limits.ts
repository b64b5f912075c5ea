import { AttemptLimiter } from './attempt-limiter';

export const CODE_LIMITS = {
  /** Codes mailed to one email address at the request of one client address within the window. */
  sendsPerAddress: 3,
  /** Codes mailed to one email address at the request of any addresses within the window. */
  sendsPerEmail: 10,
  sendWindowMs: 5 * 60_000,
  /** Wrong codes from one client address for one email address and purpose within the window. */
  guessesPerAddress: 5,
  /** Wrong codes from any addresses for one email address and purpose within the window. */
  guessesPerEmail: 20,
  /** A code's life: a new code does not bring new guesses with it. */
  guessWindowMs: 10 * 60_000,
};

/**
 * Mailed verification codes and wrong guesses at them, counted per email address *and* client
 * address, so a stranger can neither use up the owner's sends nor spend the guesses on the owner's
 * code (ASVS 2.2.1). The ceilings per email address are beyond what one address may do (it takes
 * four addresses together to reach them) and still bound what a flood from many can send or guess.
 */
export class CodeLimits {
  private readonly sendsByPair = new AttemptLimiter(CODE_LIMITS.sendsPerAddress, CODE_LIMITS.sendWindowMs);
  private readonly sendsByEmail = new AttemptLimiter(CODE_LIMITS.sendsPerEmail, CODE_LIMITS.sendWindowMs);
  private readonly guessesByPair = new AttemptLimiter(CODE_LIMITS.guessesPerAddress, CODE_LIMITS.guessWindowMs);
  private readonly guessesByCode = new AttemptLimiter(CODE_LIMITS.guessesPerEmail, CODE_LIMITS.guessWindowMs);

  /** Whether a code may be mailed to `email` now at the request of `address`; if so, it counts. */
  send(email: string, address: string, nowMs: number): boolean {
    const key = email.toLowerCase();
    if (this.sendsByPair.blocked(pairKey(key, address), nowMs) || this.sendsByEmail.blocked(key, nowMs)) return false;
    this.sendsByPair.fail(pairKey(key, address), nowMs);
    this.sendsByEmail.fail(key, nowMs);
    return true;
  }

  /** Whether a code for `email` and `purpose` from `address` may be checked now. */
  mayGuess(email: string, purpose: string, address: string, nowMs: number): boolean {
    const key = codeKey(email, purpose);
    return !this.guessesByPair.blocked(pairKey(key, address), nowMs) && !this.guessesByCode.blocked(key, nowMs);
  }

  wrongGuess(email: string, purpose: string, address: string, nowMs: number): void {
    const key = codeKey(email, purpose);
    this.guessesByPair.fail(pairKey(key, address), nowMs);
    this.guessesByCode.fail(key, nowMs);
  }
}

const codeKey = (email: string, purpose: string) => `${purpose}:${email.toLowerCase()}`;
const pairKey = (key: string, address: string) => `${key}\n${address}`;
