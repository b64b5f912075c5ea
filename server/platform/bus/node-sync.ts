import type { LiveFleet } from '../../fleet/live-fleet';
import type { VehicleDirectory } from '../../fleet/vehicle-directory';
import { simSpecOf } from '../../fleet/vehicle-devices';
import type { SocketHub } from '../../hub/socket-hub';
import type { FleetRepository } from '../database/fleet-repository';
import type { ShareRecord } from '../../modules/shares/share-store';
import type { RecordChange } from '../../hub/record-change';
import type { FleetBus, SessionMatch } from './fleet-bus';
import { type FollowUpNotice, type NoticeAudience, reaches } from '../../follow-up/follow-up-notices';

/** Session and fleet changes made on one node, applied here and on every other node of the cluster. */
export interface NodeSync {
  /** Sessions re-resolve their roles and scopes; `vehicleIds`: these vehicles were added, moved or removed. */
  refresh(vehicleIds?: string[]): Promise<void>;
  /** Forced logout (cmd 161); answers how many sockets of this node got it. */
  logout(match: SessionMatch, msgId: number): number;
  /** A share's guests go on under its changed settings (a new expiry ends them when it comes). */
  updateShare(share: ShareRecord): void;
  /** An issue or feedback event to the people it concerns, on every node. */
  notice(audience: NoticeAudience, notice: FollowUpNotice): void;
  /** Tells the sessions that see the vehicle, on every node, that the alarm was acknowledged (cmd 162). */
  alarmAcknowledged(alarmId: string, vehicleId: string): void;
  /** Tells the display's sockets, on every node, the playlist it now plays (cmd 163; null: none). */
  displayPlaylist(displayId: string, playlistId: string | null): void;
  /** Tells the sessions that see the record, on every node, that it changed (cmd 164). */
  recordChanged(change: RecordChange): void;
  stop(): void;
}

interface NodeSyncDeps {
  bus: FleetBus;
  hub: SocketHub;
  repo: FleetRepository;
  directory: VehicleDirectory;
  live: LiveFleet;
  now: () => number;
}

export const syncNodes = ({ bus, hub, repo, directory, live, now }: NodeSyncDeps): NodeSync => {
  /** Another node changed vehicles: read their placement (and equipment) again. */
  const reload = async (vehicleIds: string[] | undefined) => {
    const ids = vehicleIds ?? [...directory.all()].map((p) => p.id);
    const current = vehicleIds ? await Promise.all(vehicleIds.map((id) => repo.vehicles.get(id))) : await repo.vehicles.all();
    const found = new Set<string>();
    for (const v of current) {
      if (!v) continue;
      found.add(v.id);
      directory.set(v);
      if (!live.has(v.id)) live.add(simSpecOf(v, await repo.vehicles.devices(v.id)), now());
    }
    for (const id of ids) {
      if (found.has(id)) continue;
      directory.delete(id);
      live.remove(id);
    }
  };
  const off = bus.onEvent((event) => {
    if (event.type === 'logout') hub.forceLogout(event.match, event.msgId);
    else if (event.type === 'refresh') void reload(event.vehicleIds).then(() => hub.refresh());
    else if (event.type === 'notice') hub.notice((actor) => reaches(event.audience, actor), event.notice);
    else if (event.type === 'alarm-ack') hub.alarmAcknowledged(event.alarmId, event.vehicleId);
    else if (event.type === 'display-playlist') hub.displayPlaylist(event.displayId, event.playlistId);
    else if (event.type === 'record-changed') hub.recordChanged(event.change);
    else if (event.type === 'share') void repo.shares.byAccount(event.account).then((share) => share && hub.updateShare(share));
  });
  return {
    refresh: async (vehicleIds) => {
      bus.broadcast(vehicleIds ? { type: 'refresh', vehicleIds } : { type: 'refresh' });
      await hub.refresh();
    },
    logout: (match, msgId) => {
      bus.broadcast({ type: 'logout', match, msgId });
      return hub.forceLogout(match, msgId);
    },
    updateShare: (share) => {
      bus.broadcast({ type: 'share', account: share.account });
      hub.updateShare(share);
    },
    notice: (audience, notice) => {
      bus.broadcast({ type: 'notice', audience, notice });
      hub.notice((actor) => reaches(audience, actor), notice);
    },
    alarmAcknowledged: (alarmId, vehicleId) => {
      bus.broadcast({ type: 'alarm-ack', alarmId, vehicleId });
      hub.alarmAcknowledged(alarmId, vehicleId);
    },
    displayPlaylist: (displayId, playlistId) => {
      bus.broadcast({ type: 'display-playlist', displayId, playlistId });
      hub.displayPlaylist(displayId, playlistId);
    },
    recordChanged: (change) => {
      bus.broadcast({ type: 'record-changed', change });
      hub.recordChanged(change);
    },
    stop: off,
  };
};
