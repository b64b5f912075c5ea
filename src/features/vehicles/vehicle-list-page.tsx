// /vehicles/list: the fleet's vehicles on the admin kit's list page, with live status per row,
// filters in the URL, add / edit / delete / unbind / transfer / top place, batch add and bulk
// group operations.
import { useMemo, useState } from 'react';
import { Box, Button, Menu } from '@chakra-ui/react';
import { Plus, Upload } from 'lucide-react';
import type { Poll } from '../../../streams/api/loadable';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { ListQuery } from '../../../streams/api/resource';
import type { Page, VehicleListRow } from '../../../contract/api/types';
import { VEHICLE_STATUSES } from '../../../contract/protocol/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListPage } from '../../components/list-page';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { linkProps } from '../../lib/navigation';
import { LINKS, VEHICLE_LIST_PATH } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useFactory } from '../../lib/use-factory';
import { useListUrl } from '../../lib/use-list-url';
import { BatchAddDialog } from './batch-add-dialog';
import { BulkActions } from './bulk-actions';
import { liveVehicleRows } from './live-vehicle-rows';
import { VEHICLE_CELLS, vehicleColumns } from './vehicle-columns';
import { AddVehicleDialog, EditVehicleDialog, TransferDialog } from './vehicle-dialogs';
import { useMayPlaceVehicles } from './fleet-places';
import { SearchPicker } from '../../components/search-picker';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { useHoldsAll } from '../../components/access-gate';
import { filterSelect, searchFilter } from '../../components/filter-select';
import { RowMenu } from '../../components/row-menu';

const FILTERS = ['status', 'fleetId', 'subFleetId', 'depotId', 'search'] as const;

/** Sorts by live values: the server orders by its live state, and the list re-reads that order every few seconds. */
const LIVE_SORT_KEYS = new Set(['status', 'soc', 'lastSeen']);
const LIVE_ORDER_REFRESH_MS = 5_000;
const LIVE_ORDER: Poll<Page<VehicleListRow>, ListQuery> = {
  everyMs: LIVE_ORDER_REFRESH_MS,
  when: (query) => LIVE_SORT_KEYS.has((query.sort ?? '').replace(/^-/, '')),
};

const vehicleId = (vehicle: VehicleListRow) => vehicle.id;

type Pending = { kind: 'delete' | 'unbind'; vehicle: VehicleListRow } | null;

/**
 * The page's own buttons by what the user may do where they are: adding (one by one or from a
 * spreadsheet) needs a place they may put vehicles in; transfer, that too and every selected row
 * editable. Firmware and defaults need only the permission: every listed vehicle is in scope.
 */
function usePageGrants() {
  const place = useMayPlaceVehicles();
  return {
    add: place,
    transfer: (selected: readonly VehicleListRow[]) => place && selected.every((vehicle) => vehicle.allowed.includes('edit')),
    firmware: useHoldsAll([PERMISSIONS.vehicleFirmware]),
    settings: useHoldsAll([PERMISSIONS.vehicleSettings]),
  };
}

export default function VehicleListPage() {
  const fleetConsole = useFleetConsole();
  const { resources, session } = fleetConsole;
  const list = useListUrl(FILTERS);
  const [factoryId] = useFactory();
  const grants = usePageGrants();
  const filters = list.state.filters;
  // The header's factory narrows the list unless a fleet is picked in the filters.
  const fleetId = filters.fleetId || factoryId;
  const query = useMemo(() => ({ ...list.query, filters: { ...list.query.filters, fleetId: fleetId || undefined } }), [list.query, fleetId]);
  // Fleets, sub-fleets and depots are searched on the server: any of thousands can be chosen.
  const fleetLookup = usePickerLookup(resources.fleets);
  const subFleetLookup = usePickerLookup(resources.subFleets, { fleetId });
  const depotLookup = usePickerLookup(resources.depots, { fleetId });
  const live$ = useMemo(() => liveVehicleRows(fleetConsole.fleet.vehicles$), [fleetConsole.fleet]);

  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<VehicleListRow | null>(null);
  const [transferring, setTransferring] = useState<VehicleListRow[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  // One menu for every row, placed at the button that opened it: rows stay light to draw.
  const [menu, setMenu] = useState<{ vehicle: VehicleListRow; anchor: DOMRect } | null>(null);

  // Before the detail opens in this tab, so its back button returns to this list as it is now;
  // read at the click, so the columns need not change with the page and filters.
  const open = (vehicle: VehicleListRow) => {
    session.set('vehicleId', vehicle.id);
    session.set('originFlag', `${VEHICLE_LIST_PATH}${window.location.search}`);
  };
  const setTop = async (vehicle: VehicleListRow) => {
    await resources.placeVehicleOnTop(vehicle.id, !vehicle.pinned);
    showSuccess(vehicle.pinned ? SUCCESS.topCancelled : SUCCESS.topPlaced);
  };

  const columns = useMemo(
    () =>
      vehicleColumns({
        link: (vehicle) => ({ href: LINKS.listedVehicle(vehicle.id), beforeOpen: () => open(vehicle) }),
        rowActions: (vehicle) => (
          <>
            {vehicle.allowed.includes('edit') && (
              <button type="button" className="row-action" onClick={() => setEditing(vehicle)}>
                Edit
              </button>
            )}
            <button
              type="button"
              className="row-action"
              aria-label={`More actions for ${vehicle.name}`}
              onClick={(event) => setMenu({ vehicle, anchor: event.currentTarget.getBoundingClientRect() })}
            >
              {/* A character, not an icon: one text node per row to create while scrolling. */}
              <span aria-hidden>⋯</span>
            </button>
          </>
        ),
      }),
    // Built once: the actions use state setters and read the URL when clicked.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const menuVehicle = menu?.vehicle;
  return (
    <Box css={VEHICLE_CELLS}>
      <ListPage
        resource={resources.vehicles}
        list={{ ...list, query }}
        columns={columns}
        rowId={vehicleId}
        label="Vehicles"
        failed="The vehicles could not be loaded."
        exportable
        live={live$}
        poll={LIVE_ORDER}
        empty={
          filters.search || filters.status || filters.subFleetId || filters.depotId
            ? 'No vehicle matches these filters. Clear a filter or search for another name or S/N.'
            : grants.add
              ? 'No vehicles yet. Add one with Add vehicle, or import a spreadsheet with Batch add.'
              : 'No vehicles in the fleets you can see.'
        }
        filters={
          <>
            {searchFilter({ label: 'Search name or S/N', value: filters.search, onSearch: (search) => list.change({ filters: { search } }) })}
            {filterSelect(
              'Status',
              filters.status,
              (status) => list.change({ filters: { status } }),
              VEHICLE_STATUSES.map((s) => ({ value: s, label: STATUS_STYLE[s].label })),
              'All statuses',
            )}
            <SearchPicker
              label="Fleet"
              none="All fleets"
              value={filters.fleetId}
              {...fleetLookup}
              onChange={(fleet) => list.change({ filters: { fleetId: fleet?.id ?? '', subFleetId: '', depotId: '' } })}
            />
            {fleetId ? (
              <>
                <SearchPicker
                  key={`sub-${fleetId}`}
                  label="Sub-fleet"
                  none="All sub-fleets"
                  value={filters.subFleetId}
                  {...subFleetLookup}
                  onChange={(sub) => list.change({ filters: { subFleetId: sub?.id ?? '' } })}
                />
                <SearchPicker
                  key={`depot-${fleetId}`}
                  label="Depot"
                  none="All depots"
                  value={filters.depotId}
                  {...depotLookup}
                  onChange={(depot) => list.change({ filters: { depotId: depot?.id ?? '' } })}
                />
              </>
            ) : (
              <>
                {filterSelect('Sub-fleet', '', () => undefined, [], 'All sub-fleets')}
                {filterSelect('Depot', '', () => undefined, [], 'All depots')}
              </>
            )}
          </>
        }
        actions={
          grants.add && (
            <>
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                <Upload /> Batch add
              </Button>
              <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
                <Plus /> Add vehicle
              </Button>
            </>
          )
        }
        bulkActions={
          grants.add || grants.firmware || grants.settings
            ? (selected, clear) => (
                <BulkActions selected={selected} canTransfer={grants.transfer(selected)} canFirmware={grants.firmware} canSettings={grants.settings} onDone={clear} />
              )
            : undefined
        }
      />
      <RowMenu anchor={menu?.anchor ?? null} onClose={() => setMenu(null)}>
        {menuVehicle && (
          <>
            <Menu.Item value="detail" asChild>
              <a {...linkProps(LINKS.listedVehicle(menuVehicle.id), () => open(menuVehicle))}>Details</a>
            </Menu.Item>
            {menuVehicle.airConditioner && (
              <Menu.Item value="ac" asChild>
                <a {...linkProps(LINKS.airConditioner(menuVehicle.id))}>Air conditioner</a>
              </Menu.Item>
            )}
            {menuVehicle.allowed.includes('edit') && (
              <>
                <Menu.Item value="top" onClick={() => void setTop(menuVehicle).catch(() => undefined)}>
                  {menuVehicle.pinned ? 'Cancel top' : 'Place on top'}
                </Menu.Item>
                <Menu.Item value="transfer" onClick={() => setTransferring([menuVehicle])}>
                  Transfer
                </Menu.Item>
              </>
            )}
            {menuVehicle.allowed.includes('unbind') && (
              <Menu.Item value="unbind" onClick={() => setPending({ kind: 'unbind', vehicle: menuVehicle })}>
                Unbind
              </Menu.Item>
            )}
            {menuVehicle.allowed.includes('edit') && (
              <Menu.Item value="delete" color="fg.error" onClick={() => setPending({ kind: 'delete', vehicle: menuVehicle })}>
                Delete
              </Menu.Item>
            )}
          </>
        )}
      </RowMenu>
      {adding && <AddVehicleDialog open fleetId={fleetId} onClose={() => setAdding(false)} />}
      <BatchAddDialog open={importing} onClose={() => setImporting(false)} />
      <EditVehicleDialog vehicle={editing} onClose={() => setEditing(null)} />
      {/* Mounted before it opens, as the confirm dialog is: opened from the row menu, a dialog mounted at that moment takes the menu's closing for a click outside. */}
      <TransferDialog vehicles={transferring} onClose={() => setTransferring([])} />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? 'Delete vehicle' : 'Unbind vehicle'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Unbind'}
        success={pending?.kind === 'delete' ? SUCCESS.deleted : SUCCESS.unbind}
        danger
        onConfirm={() =>
          pending!.kind === 'delete'
            ? resources.vehicles.remove(pending!.vehicle.id)
            : resources.vehicles.update({ vehicleId: pending!.vehicle.id, subFleetId: null, depotId: null })
        }
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'delete'
          ? `Delete ${pending.vehicle.name} (${pending.vehicle.sn}) with its devices, alarms, history and shares? This cannot be undone.`
          : `Unbind ${pending?.vehicle.name} (${pending?.vehicle.sn}) from its sub-fleet and depot? It stays in ${pending?.vehicle.fleetName}.`}
      </ConfirmDialog>
    </Box>
  );
}
