// Add or edit a role: the spec's role fields (name, role key, menu authority, fleet manager,
// sub-fleet manager, all required) and what its holders may do, in words.
import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { permits } from '../../../contract/api/permissions';
import type { Role } from '../../../contract/api/types';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useDraft } from '../../lib/use-draft';
import { useResource } from '../../lib/use-resource';
import { MESSAGES, required, roleKey, roleName } from '../../lib/validation';
import { MenuAuthority } from './menu-authority';
import { PERMISSION_GROUPS, permissionWords } from './permission-words';
import { inFormOrder, togglePermission } from './role-permissions';

const MANAGER_AUTHORITY = [
  { value: 'both', label: 'Fleet manager and sub-fleet manager' },
  { value: 'fleet', label: 'Fleet manager' },
  { value: 'subFleet', label: 'Sub-fleet manager' },
  { value: 'none', label: 'Neither' },
];

const managerOf = (role: Role | null): string => {
  if (!role) return '';
  if (role.fleetManager) return role.subFleetManager ? 'both' : 'fleet';
  return role.subFleetManager ? 'subFleet' : 'none';
};

const formValuesOf = (role: Role | null) => ({ name: role?.name ?? '', roleKey: role?.roleKey ?? '', manager: managerOf(role) });

const toggled = (list: string[], items: string[], on: boolean) => (on ? [...new Set([...list, ...items])] : list.filter((x) => !items.includes(x)));

/** `role` null: add. */
export function RoleDialog(props: { open: boolean; role: Role | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const catalogue = useResource(() => resources.accountAdmin.menuCatalogue$(), []);
  const role = props.role;
  const offered = PERMISSION_GROUPS.flatMap((g) => g.permissions.map((p) => p.value));
  const [draft, edit] = useDraft(() => ({
    menu: role?.menu ?? [],
    permissions: role?.permissions ?? [],
    tried: false,
  }));
  const wildcards = draft.permissions.filter((p) => p.includes('*'));
  const menuMissing = draft.tried && draft.menu.length === 0;
  const keyEditable = !role?.builtin;
  return (
    <DialogForm
      open={props.open}
      title={role ? `Edit role ${role.name}` : 'Add role'}
      success={role ? SUCCESS.modified : SUCCESS.added}
      initial={formValuesOf(role)}
      versioned={
        role
          ? {
              noun: 'role',
              version: role.version,
              // The menu and permission lists, kept beside the form, show the current role too.
              valuesOf: (current) => {
                const now = current as Role;
                edit((d) => {
                  d.menu = now.menu;
                  d.permissions = now.permissions;
                });
                return formValuesOf(now);
              },
            }
          : undefined
      }
      fields={[
        { name: 'name', label: 'Name', rules: [roleName] },
        ...(keyEditable ? [{ name: 'roleKey' as const, label: 'Role key', rules: [roleKey] }] : []),
        { name: 'manager', label: 'Manager authority', rules: [required(MESSAGES.managerAuthority)], options: MANAGER_AUTHORITY },
      ]}
      onSubmitAttempt={() =>
        edit((d) => {
          d.tried = true;
        })
      }
      onSubmit={async (values, version) => {
        if (draft.menu.length === 0) throw new Error(MESSAGES.menuAuthority);
        const body = {
          name: values.name.trim(),
          ...(keyEditable ? { roleKey: values.roleKey.trim() } : {}),
          menu: draft.menu,
          permissions: inFormOrder(draft.permissions, offered),
          fleetManager: values.manager === 'both' || values.manager === 'fleet',
          subFleetManager: values.manager === 'both' || values.manager === 'subFleet',
        };
        return role ? resources.roles.update({ roleId: role.id, version, ...body }) : resources.roles.create({ ...body, roleKey: values.roleKey.trim() });
      }}
      onClose={props.onClose}
    >
      <Box>
        <Text fontWeight="medium" mb="1">
          Menu authority{' '}
          <Text as="span" color="fg.error">
            *
          </Text>
        </Text>
        {catalogue.data ? (
          <MenuAuthority
            catalogue={catalogue.data}
            chosen={new Set(draft.menu)}
            onChange={(pages, on) =>
              edit((d) => {
                d.menu = toggled(d.menu, pages, on);
              })
            }
          />
        ) : (
          <Text color="fg.muted">{catalogue.status === 'error' ? 'The menu pages could not be loaded.' : 'Loading the menu pages…'}</Text>
        )}
        {menuMissing && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {MESSAGES.menuAuthority}
          </Text>
        )}
      </Box>
      <Box>
        <Text fontWeight="medium" mb="1">
          What holders may do
        </Text>
        {wildcards.length > 0 && (
          <Text fontSize="sm" color="fg.muted" mb="2" data-testid="role-wildcards">
            Kept as {wildcards.length === 1 ? 'a wildcard' : 'wildcards'}, so what is added later is covered too: {wildcards.map(permissionWords).join('; ')}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {PERMISSION_GROUPS.map((group) => (
            <Stack key={group.area} gap="0" role="group" aria-label={`Permissions: ${group.area}`}>
              <Text fontSize="sm" fontWeight="semibold" textTransform="capitalize">
                {group.area}
              </Text>
              {group.permissions.map((p) => (
                <label key={p.value} title={p.value}>
                  <input
                    type="checkbox"
                    checked={permits(draft.permissions, p.value)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      edit((d) => {
                        d.permissions = togglePermission(d.permissions, offered, p.value, on);
                      });
                    }}
                  />{' '}
                  {p.words}
                </label>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      </Box>
    </DialogForm>
  );
}
