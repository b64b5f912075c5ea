// A repository on a new database of the backend under test, seeded with a small demo fleet and the
// stored administrator: what store tests start from.
import { demoFleet } from '../fleet/demo-fleet';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { openRepository } from '../platform/database/open-repository';
import { CREATED, storedAdmin } from './stored-admin';
import { createTestDatabase } from './test-database';

export interface SeededRepository {
  repo: FleetRepository;
  /** Closes the repository and drops its database. */
  close(): Promise<void>;
}

export const openSeededRepository = async (vehicles = 2): Promise<SeededRepository> => {
  const db = await createTestDatabase();
  const repo = await openRepository(db.config);
  await repo.seedOnce(demoFleet({ vehicles, seed: 1, admin: storedAdmin, createdAt: CREATED }));
  return {
    repo,
    close: async () => {
      await repo.close();
      await db.drop();
    },
  };
};
