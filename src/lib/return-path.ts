// Where a visit that had to sign in first lands afterwards: the console page it asked for, never
// another site. The address comes from the tab's own location (kept in its session while it signs
// in), but it is checked as if it came from anywhere.
import { findRoute } from './routes';

// Any origin will do: a path resolved against it must stay on it.
const BASE = 'http://console.invalid';

/**
 * The same-origin console address `candidate` names (path, query and fragment), or null for
 * anything else: an absolute or protocol-relative URL (`//host`, `/\host`), a non-path, or a page
 * reached without signing in (sign-in, register, share, 404), where landing after sign-in makes no
 * sense.
 */
export function consoleReturnPath(candidate: unknown): string | null {
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines, so `/\evil` and `/\t/evil` leave the origin.
  // eslint-disable-next-line no-control-regex -- control characters are what this test rejects
  if (/^\/[/\\]|[\u0000-\u001f\\]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname === '/') return null;
  const route = findRoute(url.pathname);
  if (route && route.access !== 'main') return null;
  return url.pathname + url.search + url.hash;
}
