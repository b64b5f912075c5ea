// A vehicle's devices as tabs: one per fitted device, then tyre pressure and the air conditioner
// once the system's key list shows them. The open tab is remembered in the session per vehicle: a
// vehicle opens on the tab it was left on, and a vehicle not opened yet on System.
import { useMemo, useState } from 'react';
import { Tabs, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { concat, distinctUntilChanged, filter, map, of, timeout } from 'rxjs';
import type { VehicleDetail } from '../../../contract/api/types';
import { LoadingState } from '../loading-state';
import { useFleetConsole } from '../../lib/services';
import { AC_TAB, chooseTab, detailTabs, rememberedTab, rememberTab, systemExtras, TYRES_TAB, type SystemExtras } from './detail-tabs';
import { DevicePanel, type DeviceActions } from './device-panel';

const NO_EXTRAS: SystemExtras = { tyres: false, airConditioner: false };
/** How long a stored tyre or air-conditioner tab waits for the system's key list before giving up on it. */
const KEY_LIST_WAIT_MS = 5000;

export function DeviceTabs({ detail, actions, exportable }: { detail: VehicleDetail; actions?: DeviceActions; exportable?: boolean }) {
  const { fleet, session } = useFleetConsole();
  const vehicleId = detail.id;
  const [wantedTab, setWantedTab] = useState(() => rememberedTab(session.get('detailTab'), vehicleId));

  // Undefined until the system's key list says whether tyre and air-conditioner tabs exist.
  const extras = useObservableState(
    useMemo(() => {
      const known$ = fleet.keys$({ vehicleId, deviceType: 'system', deviceId: 0 }).pipe(
        filter((keys) => keys !== undefined),
        map(systemExtras),
      );
      return known$.pipe(
        timeout({ first: KEY_LIST_WAIT_MS, with: () => concat(of(NO_EXTRAS), known$) }),
        distinctUntilChanged((a, b) => a.tyres === b.tyres && a.airConditioner === b.airConditioner),
      );
    }, [fleet, vehicleId]),
  );
  const tabs = useMemo(() => detailTabs(vehicleId, detail.devices, extras ?? NO_EXTRAS), [detail, extras, vehicleId]);
  const waitingForExtras = extras === undefined && (wantedTab === TYRES_TAB || wantedTab === AC_TAB);
  const selected = chooseTab(tabs, wantedTab);
  const select = (value: string) => {
    session.set('detailTab', rememberTab(session.get('detailTab'), vehicleId, value));
    setWantedTab(value);
  };

  if (waitingForExtras) return <LoadingState label="Loading devices" />;
  if (!selected) return <Text color="fg.muted">This vehicle reports no devices.</Text>;
  return (
    <Tabs.Root value={selected.value} onValueChange={(e) => select(e.value)} lazyMount unmountOnExit variant="line" size="sm">
      <Tabs.List overflowX="auto" overflowY="hidden" data-testid="device-tabs">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} value={tab.value} flexShrink="0">
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} pt="4">
          <DevicePanel tab={tab} actions={actions} exportable={exportable} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
