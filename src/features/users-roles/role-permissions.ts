// A role form's permission checkboxes over a role's own list, where wildcards (`data:*:*`) stay
// wildcards: a checkbox shows whether the list covers the permission, and only unchecking something
// a wildcard covers replaces that wildcard by the offered permissions it still covers.
import { permits } from '../../../contract/api/permissions';

/** The list after the person checks (`on`) or unchecks `permission`; `offered` is what the form lists. */
export function togglePermission(held: readonly string[], offered: readonly string[], permission: string, on: boolean): string[] {
  if (on) return permits(held, permission) ? [...held] : [...held, permission];
  return held.flatMap((granted) => {
    if (granted === permission) return [];
    if (!permits([granted], permission)) return [granted];
    return offered.filter((p) => p !== permission && permits([granted], p) && !held.includes(p));
  });
}

/** The list to store: the offered permissions in the form's order, then the role's others (wildcards) as they were. */
export const inFormOrder = (held: readonly string[], offered: readonly string[]): string[] => [
  ...offered.filter((p) => held.includes(p)),
  ...held.filter((p) => !offered.includes(p)),
];
