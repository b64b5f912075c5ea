import type { WallView } from '../../contract/api/types';
import { LINKS, ROUTES } from './routes';

/** What a playlist view shows, by name: the editor's choices and the playlist list say it the same way. */
export const WALL_VIEW_LABEL: Record<WallView['kind'], string> = {
  home: 'Home map',
  alarms: 'Alarm board',
  fleet: "A fleet's status board",
  vehicle: 'One vehicle',
};

/** Where a playlist view is shown: the home map (all fleets or one), the alarm board, a fleet's status board, a vehicle. */
export function wallViewPath(view: WallView): string {
  switch (view.kind) {
    case 'home':
      return view.fleetId ? `${ROUTES.home.path}?fleet=${encodeURIComponent(view.fleetId)}` : ROUTES.home.path;
    case 'alarms':
      return ROUTES.alarmBoard.path;
    case 'fleet':
      return LINKS.fleetBoard(view.fleetId ?? '');
    case 'vehicle':
      return LINKS.vehicle(view.vehicleId ?? '');
  }
}
