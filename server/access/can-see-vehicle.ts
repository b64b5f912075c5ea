import type { Placement } from '../fleet/vehicle-directory';
import type { Actor } from './actor';
import { scopeIncludes } from './scope-includes';

export const canSeeVehicle = (actor: Actor, v: Placement): boolean => (actor.kind === 'share' ? actor.share.vehicleId === v.id : scopeIncludes(actor.scope, v));
