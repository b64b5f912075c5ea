import { hashPassword } from '../auth/password-hash';
import { randomPassword } from '../auth/secrets';
import type { ServerConfig } from '../../config';
import { demoFleet } from '../../fleet/demo-fleet';
import { defaultPolicies } from '../../modules/notification-policies/notification-policy-store';
import type { FleetRepository } from '../database/fleet-repository';

/**
 * Writes the demo fleet and its two accounts unless the database was seeded before. Answers whether
 * it wrote, and the super administrator's password (generated unless configured).
 */
export const seedFirstStart = async (repo: FleetRepository, config: ServerConfig, now: () => number): Promise<{ seeded: boolean; adminPassword: string }> => {
  const adminPassword = config.adminPassword ?? randomPassword();
  const createdAt = new Date(now()).toISOString();
  const account = { status: 'active', phone: '', speedUnit: 'km/h', mileageUnit: 'km', createdAt, lastSignInAt: null } as const;
  const seeded = await repo.seedOnce(
    demoFleet({
      vehicles: config.simVehicles,
      seed: config.simSeed,
      createdAt,
      admin: {
        ...account,
        id: 'user-admin',
        email: config.adminEmail,
        userName: 'Administrator',
        passwordHash: await hashPassword(adminPassword),
        roleId: 'role-super-admin',
      },
      // A password nobody knows: the administrator sends the engineer a reset ("Forgot password?" or the accounts page).
      serviceEngineer: {
        ...account,
        id: 'user-service-engineer',
        email: `service.engineer@${config.adminEmail.split('@')[1]}`,
        userName: 'Fleet Service',
        passwordHash: await hashPassword(randomPassword()),
        roleId: 'role-service-engineer',
      },
    }),
  );
  if (seeded && config.simScenario === 'demo') await seedOutboxes(repo, now());
  return { seeded, adminPassword };
};

/**
 * The demo's path from alarms to people, with nothing configured: each fleet's root notification
 * policy sends to an "Outbox" contact point, which only writes the notification log.
 */
const seedOutboxes = async (repo: FleetRepository, at: number) => {
  for (const fleet of await repo.fleets.list({ all: true })) {
    const outbox = await repo.contactPoints.create({
      fleetId: fleet.id,
      name: 'Outbox',
      kind: 'outbox',
      settings: {},
      createdBy: 'first start',
      createdAt: at,
      updatedAt: at,
    });
    const policies = defaultPolicies().map((p) => (p.parentId === null ? { ...p, contactPointIds: [outbox.id] } : p));
    await repo.notificationPolicies.replace({ fleetId: fleet.id, policies, updatedAt: null, updatedBy: null });
  }
};
