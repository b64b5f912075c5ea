import type { VehicleSelection } from '../protocol/types';

/**
 * What the console has subscribed to (cmd 32), so it can be sent again after every reconnect. It
 * starts with the whole fleet: the home page's live counts need every vehicle.
 */
export class SubscriptionRegistry {
  private all = true;
  private readonly ids = new Set<string>();

  add(selection: VehicleSelection): void {
    if ('all' in selection) this.all = true;
    else for (const id of selection.vehicleIds) this.ids.add(id);
  }

  remove(selection: VehicleSelection): void {
    if ('all' in selection) this.all = false;
    else for (const id of selection.vehicleIds) this.ids.delete(id);
  }

  reset(): void {
    this.all = true;
    this.ids.clear();
  }

  selections(): VehicleSelection[] {
    const selections: VehicleSelection[] = [];
    if (this.all) selections.push({ all: true });
    if (this.ids.size > 0) selections.push({ vehicleIds: [...this.ids] });
    return selections;
  }
}
