import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../server-context';
import type { FleetDatabase } from '../database/fleet-database';
import type { FleetRepository } from '../database/fleet-repository';

/**
 * One schema step of a module, applied once per database after the core migrations
 * (`server/platform/database/migrations.ts`), recorded under the module's name and this version.
 * Append only, like the core list: a released step is never edited.
 */
export interface ModuleMigration {
  /** 1, 2, 3… within the module, oldest first. */
  version: number;
  /** SQLite's SQL; PostgreSQL's too unless `postgres` is given. */
  sql: string;
  postgres?: string;
}

/**
 * An entity (or a family of routes) as the server wires it in: its members of the repository, its
 * tables' migrations and its routes. The list of modules is `server/modules/fleet-modules.ts`; a module's
 * table types join `FleetTables` and its stores join `FleetRepository` by declaration merging in its
 * store file.
 */
export interface FleetModule {
  /** Stable and unique: module migrations are recorded under it. */
  name: string;
  /** Its members of the repository, written once over the fleet database. */
  stores?: (database: FleetDatabase) => Partial<FleetRepository>;
  migrations?: readonly ModuleMigration[];
  /** Registers its routes under /api, each with its access declared in its config. */
  routes?: (api: FastifyInstance, ctx: ServerContext) => void;
}
