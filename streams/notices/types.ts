// What the console must show to a person: toasts and forced dialogs (spec section 8).

export type DialogReason = 'login-expired' | 'user-status-changed' | 'user-role-changed' | 'websocket-expired' | 'share-ended' | 'display-revoked' | 'display-replaced';

export type Notice = { kind: 'toast'; level: 'error' | 'success'; text: string; durationMs: number } | { kind: 'dialog'; reason: DialogReason; text: string };

export const NOTICE_TEXT = {
  networkError: 'System exception, please contact the administrator',
  timeout: 'System interface request timeout',
  loginExpired: 'Login status has expired, please log in again!',
  userStatusChanged: 'The user status has changed!',
  userRoleChanged: 'The user role has changed!',
  websocketExpired: 'Websocket status has expired, please log in again!',
  /** A share guest's session ended: the link was closed, shared again, changed or expired. */
  sessionExpired: 'Invalid session, or session has expired, please log in again.',
  /** A wall display's token was revoked (cmd 161, msgId 1003). */
  displayRevoked: 'This display has been revoked',
  /** The same display token signed in on another screen or tab (cmd 161, msgId 1004). */
  displayReplaced: 'This display is now shown on another screen',
} as const;

export const TOAST_MS = { error: 2000, timeout: 5000 } as const;
