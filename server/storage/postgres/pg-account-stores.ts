import type { CodeStore, RoleStore, UserStore } from '../fleet-repository';
import { fromRole, fromUser, toRole, toUser } from '../row-mappers';
import { likePattern, pageClause } from '../sql-text';
import { insertRows, type PgAccess, updateVersioned } from './pg-access';

export const pgRoleStore = (a: PgAccess): RoleStore => ({
  list: async (filter, page) => {
    const where = filter.name ? "WHERE r.name ILIKE ? ESCAPE '\\'" : '';
    const params = filter.name ? [likePattern(filter.name)] : [];
    const total = Number((await a.one(`SELECT count(*) AS n FROM roles r ${where}`, ...params))?.n ?? 0);
    const rows = await a.many(
      `SELECT r.*, (SELECT count(*) FROM users u WHERE u.role_id = r.id) AS users FROM roles r ${where}
       ORDER BY r.builtin DESC, r.created_at, r.id${pageClause(page)}`,
      ...params,
    );
    return { rows: rows.map((r) => ({ ...toRole(r), users: Number(r.users) })), total };
  },
  get: async (id) => {
    const r = await a.one('SELECT * FROM roles WHERE id = ?', id);
    return r ? toRole(r) : null;
  },
  byKey: async (key) => {
    const r = await a.one('SELECT * FROM roles WHERE role_key = ?', key);
    return r ? toRole(r) : null;
  },
  create: async (role) => {
    await insertRows(a, 'roles', [fromRole(role, new Date().toISOString())]);
  },
  update: (role, basedOn) => {
    const row = fromRole(role, '');
    return updateVersioned(a, 'roles', row, Object.keys(row).filter((c) => c !== 'id' && c !== 'created_at' && c !== 'builtin'), basedOn);
  },
  delete: async (id) =>
    a.tx(async (q) => {
      const ids = (await q.many('SELECT id FROM users WHERE role_id = ?', id)).map((r) => String(r.id));
      await q.run('UPDATE users SET role_id = NULL, version = version + 1 WHERE role_id = ?', id);
      await q.run('DELETE FROM roles WHERE id = ?', id);
      return ids;
    }),
  userIds: async (roleId) => (await a.many('SELECT id FROM users WHERE role_id = ?', roleId)).map((r) => String(r.id)),
});

export const pgUserStore = (a: PgAccess): UserStore => ({
  get: async (id) => {
    const r = await a.one('SELECT * FROM users WHERE id = ?', id);
    return r ? toUser(r) : null;
  },
  byEmail: async (email) => {
    const r = await a.one('SELECT * FROM users WHERE lower(email) = lower(?)', email);
    return r ? toUser(r) : null;
  },
  list: async (filter, page) => {
    const parts: string[] = ['TRUE'];
    const params: unknown[] = [];
    if (filter.email) (parts.push("email ILIKE ? ESCAPE '\\'"), params.push(likePattern(filter.email)));
    if (filter.search) (parts.push("(email ILIKE ? ESCAPE '\\' OR user_name ILIKE ? ESCAPE '\\')"), params.push(likePattern(filter.search), likePattern(filter.search)));
    if (filter.status) (parts.push('status = ?'), params.push(filter.status));
    if (filter.roleId) (parts.push('role_id = ?'), params.push(filter.roleId));
    const where = parts.join(' AND ');
    const total = Number((await a.one(`SELECT count(*) AS n FROM users WHERE ${where}`, ...params))?.n ?? 0);
    const rows = await a.many(`SELECT * FROM users WHERE ${where} ORDER BY created_at, email${pageClause(page)}`, ...params);
    return { rows: rows.map(toUser), total };
  },
  create: async (user) => {
    await insertRows(a, 'users', [fromUser(user)]);
  },
  update: (user, basedOn) => {
    const row = fromUser(user);
    return updateVersioned(a, 'users', row, Object.keys(row).filter((c) => c !== 'id' && c !== 'created_at'), basedOn);
  },
  delete: async (id) => {
    await a.run('DELETE FROM users WHERE id = ?', id);
  },
  recordSignIn: async (id, at) => {
    await a.run('UPDATE users SET last_sign_in_at = ? WHERE id = ?', at, id);
  },
  assignRole: async (userIds, roleId) => {
    await a.run('UPDATE users SET role_id = ?, version = version + 1 WHERE id = ANY(?::text[])', roleId, userIds);
  },
});

export const pgCodeStore = (a: PgAccess): CodeStore => ({
  put: async (c) => {
    await a.run(
      `INSERT INTO verification_codes (email, purpose, code_hash, expires_at, attempts) VALUES (?, ?, ?, ?, 0)
       ON CONFLICT (lower(email), purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0`,
      c.email,
      c.purpose,
      c.codeHash,
      c.expiresAt,
    );
  },
  get: async (email, purpose) => {
    const r = await a.one('SELECT * FROM verification_codes WHERE lower(email) = lower(?) AND purpose = ?', email, purpose);
    return r ? { codeHash: String(r.code_hash), expiresAt: Number(r.expires_at), attempts: Number(r.attempts) } : null;
  },
  countAttempt: async (email, purpose) => {
    await a.run('UPDATE verification_codes SET attempts = attempts + 1 WHERE lower(email) = lower(?) AND purpose = ?', email, purpose);
  },
  delete: async (email, purpose) => {
    await a.run('DELETE FROM verification_codes WHERE lower(email) = lower(?) AND purpose = ?', email, purpose);
  },
});
