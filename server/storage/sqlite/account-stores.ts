import type { CodeStore, RoleStore, UserStore } from '../fleet-repository';
import { fromRole, fromUser, toRole, toUser } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { inserter, updateVersioned } from './sql-helpers';
import { likePattern, pageClause } from '../sql-text';
import { guardConstraints } from './unique-violation';

export const sqliteRoleStore = ({ db, one, many, run }: SqliteAccess): RoleStore => ({
  list: async (filter, page) => {
    const where = filter.name ? "WHERE r.name LIKE ? ESCAPE '\\'" : '';
    const params = filter.name ? [likePattern(filter.name)] : [];
    const total = Number(one(`SELECT count(*) AS n FROM roles r ${where}`, ...params)?.n ?? 0);
    const rows = many(
      `SELECT r.*, (SELECT count(*) FROM users u WHERE u.role_id = r.id) AS users FROM roles r ${where}
       ORDER BY r.builtin DESC, r.created_at, r.id${pageClause(page)}`,
      ...params,
    );
    return { rows: rows.map((r) => ({ ...toRole(r), users: Number(r.users) })), total };
  },
  get: async (id) => {
    const r = one('SELECT * FROM roles WHERE id = ?', id);
    return r ? toRole(r) : null;
  },
  byKey: async (key) => {
    const r = one('SELECT * FROM roles WHERE role_key = ?', key);
    return r ? toRole(r) : null;
  },
  create: async (role) => {
    const row = fromRole(role, new Date().toISOString());
    guardConstraints(() => inserter(db, 'roles', Object.keys(row)).run(row));
  },
  update: async (role, basedOn) => {
    const row = fromRole(role, '');
    const cols = Object.keys(row).filter((c) => c !== 'id' && c !== 'created_at' && c !== 'builtin');
    return guardConstraints(() => updateVersioned(db, 'roles', cols, row, basedOn));
  },
  delete: async (id) =>
    db.transaction(() => {
      const ids = many('SELECT id FROM users WHERE role_id = ?', id).map((r) => String(r.id));
      run('UPDATE users SET role_id = NULL, version = version + 1 WHERE role_id = ?', id);
      run('DELETE FROM roles WHERE id = ?', id);
      return ids;
    })(),
  userIds: async (roleId) => many('SELECT id FROM users WHERE role_id = ?', roleId).map((r) => String(r.id)),
});

export const sqliteUserStore = ({ db, one, many, run }: SqliteAccess): UserStore => ({
  get: async (id) => {
    const r = one('SELECT * FROM users WHERE id = ?', id);
    return r ? toUser(r) : null;
  },
  byEmail: async (email) => {
    const r = one('SELECT * FROM users WHERE email = ?', email);
    return r ? toUser(r) : null;
  },
  list: async (filter, page) => {
    const parts: string[] = ['1'];
    const params: unknown[] = [];
    if (filter.email) (parts.push("email LIKE ? ESCAPE '\\'"), params.push(likePattern(filter.email)));
    if (filter.search) (parts.push("(email LIKE ? ESCAPE '\\' OR user_name LIKE ? ESCAPE '\\')"), params.push(likePattern(filter.search), likePattern(filter.search)));
    if (filter.status) (parts.push('status = ?'), params.push(filter.status));
    if (filter.roleId) (parts.push('role_id = ?'), params.push(filter.roleId));
    const where = parts.join(' AND ');
    const total = Number(one(`SELECT count(*) AS n FROM users WHERE ${where}`, ...params)?.n ?? 0);
    const rows = many(`SELECT * FROM users WHERE ${where} ORDER BY created_at, email${pageClause(page)}`, ...params);
    return { rows: rows.map(toUser), total };
  },
  create: async (user) => {
    const row = fromUser(user);
    guardConstraints(() => inserter(db, 'users', Object.keys(row)).run(row));
  },
  update: async (user, basedOn) => {
    const row = fromUser(user);
    return guardConstraints(() => updateVersioned(db, 'users', Object.keys(row).filter((c) => c !== 'id' && c !== 'created_at'), row, basedOn));
  },
  delete: async (id) => {
    guardConstraints(() => run('DELETE FROM users WHERE id = ?', id));
  },
  recordSignIn: async (id, at) => {
    run('UPDATE users SET last_sign_in_at = ? WHERE id = ?', at, id);
  },
  assignRole: async (userIds, roleId) => {
    db.transaction(() => {
      for (const id of userIds) run('UPDATE users SET role_id = ?, version = version + 1 WHERE id = ?', roleId, id);
    })();
  },
});

export const sqliteCodeStore = ({ one, run }: SqliteAccess): CodeStore => ({
  put: async (c) => {
    run(
      `INSERT INTO verification_codes (email, purpose, code_hash, expires_at, attempts) VALUES (?, ?, ?, ?, 0)
       ON CONFLICT (email, purpose) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
      c.email,
      c.purpose,
      c.codeHash,
      c.expiresAt,
    );
  },
  get: async (email, purpose) => {
    const r = one('SELECT * FROM verification_codes WHERE email = ? AND purpose = ?', email, purpose);
    return r ? { codeHash: String(r.code_hash), expiresAt: Number(r.expires_at), attempts: Number(r.attempts) } : null;
  },
  countAttempt: async (email, purpose) => {
    run('UPDATE verification_codes SET attempts = attempts + 1 WHERE email = ? AND purpose = ?', email, purpose);
  },
  delete: async (email, purpose) => {
    run('DELETE FROM verification_codes WHERE email = ? AND purpose = ?', email, purpose);
  },
});
