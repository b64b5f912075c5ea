import { type Generated, sql } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import { sameEmail } from './same-email';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface VerificationCodesTable {
  email: string;
  purpose: string;
  code_hash: string;
  expires_at: number;
  attempts: Generated<number>;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    verification_codes: VerificationCodesTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    codes: CodeStore;
  }
}

/** What a mailed verification code is for; 'email' confirms a new address of a signed-in account. */
export type CodePurpose = 'register' | 'reset' | 'email';

/** Mailed verification codes (hashed), one per address and purpose. */
export interface CodeStore {
  /** Replaces the address's code for this purpose, with no attempts counted. */
  put(code: { email: string; purpose: CodePurpose; codeHash: string; expiresAt: number }): Promise<void>;
  get(email: string, purpose: CodePurpose): Promise<{ codeHash: string; expiresAt: number; attempts: number } | null>;
  countAttempt(email: string, purpose: CodePurpose): Promise<void>;
  delete(email: string, purpose: CodePurpose): Promise<void>;
}

export const verificationCodeStore = ({ db, dialect }: FleetDatabase): CodeStore => {
  const ofAddress = (email: string) => sameEmail(dialect, sql.ref('email'), email);
  return {
    put: async (c) => {
      await db
        .insertInto('verification_codes')
        .values({ email: c.email, purpose: c.purpose, code_hash: c.codeHash, expires_at: c.expiresAt, attempts: 0 })
        // The key: (email, purpose) with email COLLATE NOCASE on SQLite, a unique index on (lower(email), purpose) on PostgreSQL.
        .onConflict((oc) =>
          (dialect.name === 'postgres' ? oc.expression(sql`lower(email), purpose`) : oc.columns(['email', 'purpose'])).doUpdateSet((eb) => ({
            code_hash: eb.ref('excluded.code_hash'),
            expires_at: eb.ref('excluded.expires_at'),
            attempts: 0,
          })),
        )
        .execute();
    },
    get: async (email, purpose) => {
      const r = await db.selectFrom('verification_codes').selectAll().where(ofAddress(email)).where('purpose', '=', purpose).executeTakeFirst();
      return r ? { codeHash: r.code_hash, expiresAt: Number(r.expires_at), attempts: Number(r.attempts) } : null;
    },
    countAttempt: async (email, purpose) => {
      await db
        .updateTable('verification_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where(ofAddress(email))
        .where('purpose', '=', purpose)
        .execute();
    },
    delete: async (email, purpose) => {
      await db.deleteFrom('verification_codes').where(ofAddress(email)).where('purpose', '=', purpose).execute();
    },
  };
};
