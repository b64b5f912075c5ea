import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { holdsRole } from '../../../contract/api/permissions';
import { useAccount } from '../../lib/use-account';

/** Wall displays and playlists are super.admin's (the server refuses anyone else). */
export function WallAdminOnly({ children }: { children: ReactNode }) {
  const account = useAccount();
  const grants = account.status === 'ready' ? account.info : { roles: [], permissions: [] };
  return holdsRole(grants, []) ? <>{children}</> : <Text>Only a super administrator manages wall displays and playlists.</Text>;
}
