import type { VehicleSelection } from '../../contract/protocol/types';

/**
 * What the console has subscribed to (cmd 32), so it can be sent again after every reconnect. It
 * starts with the whole fleet: the home page's live counts need every vehicle. Vehicles are counted
 * per subscriber, so one view letting go of a vehicle does not unsubscribe it from another.
 */
export class SubscriptionRegistry {
  private all = true;
  private readonly holders = new Map<string, number>();

  add(selection: VehicleSelection): void {
    if ('all' in selection) this.all = true;
    else for (const id of selection.vehicleIds) this.holders.set(id, (this.holders.get(id) ?? 0) + 1);
  }

  /** Lets go of a selection and returns what nobody holds any more: the part to unsubscribe (cmd 48). */
  remove(selection: VehicleSelection): VehicleSelection | null {
    if ('all' in selection) {
      this.all = false;
      return selection;
    }
    const released: string[] = [];
    for (const id of selection.vehicleIds) {
      const held = this.holders.get(id) ?? 0;
      if (held > 1) {
        this.holders.set(id, held - 1);
        continue;
      }
      this.holders.delete(id);
      released.push(id);
    }
    return released.length > 0 ? { vehicleIds: released } : null;
  }

  reset(): void {
    this.all = true;
    this.holders.clear();
  }

  selections(): VehicleSelection[] {
    const selections: VehicleSelection[] = [];
    if (this.all) selections.push({ all: true });
    if (this.holders.size > 0) selections.push({ vehicleIds: [...this.holders.keys()] });
    return selections;
  }
}
