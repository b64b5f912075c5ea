// The audit log's row schema stays with its routes: its event names are the server's (server/audit).

/** The audit log call; super admins only, so no permission opens it. */
export const AUDIT_API = { base: '/customization/audit/v1' } as const;
