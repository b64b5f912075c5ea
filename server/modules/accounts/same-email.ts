import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { SqlDialect } from '../../platform/database/fleet-database';

/**
 * `ref` is this email address, letter case ignored, written so each database uses its index: SQLite
 * keeps email columns COLLATE NOCASE, PostgreSQL indexes them as lower(email).
 */
export const sameEmail = (dialect: SqlDialect, ref: Expression<unknown>, email: string): RawBuilder<SqlBool> =>
  dialect.name === 'postgres' ? sql<SqlBool>`lower(${ref}) = lower(${email})` : sql<SqlBool>`${ref} = ${email}`;
