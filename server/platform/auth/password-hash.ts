import bcrypt from 'bcryptjs';
import { randomPassword } from './secrets';

const ROUNDS = 10;

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, ROUNDS);

export const verifyPassword = (plain: string, hash: string): Promise<boolean> => bcrypt.compare(plain, hash);

// Made once, in the background, when the server loads: the first unknown name must not take longer.
const absentHash = hashPassword(randomPassword());

/**
 * The check for a password that has no account to belong to: compared with a hash of a random
 * password at the same cost, so that it takes as long as a wrong password and the time of the
 * answer does not tell whether the account exists. Always false.
 */
export const verifyAbsentPassword = async (plain: string): Promise<false> => {
  await verifyPassword(plain, await absentHash);
  return false;
};
