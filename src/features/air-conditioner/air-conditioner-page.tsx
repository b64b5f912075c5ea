// /vehicles/airconditioner/page: the vehicle's air conditioner (ac_* keys of its system device),
// live, with its set point and mode and their history.
import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Center, Field, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { distinctUntilChanged, filter, map, take } from 'rxjs';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { DeviceRef, KeyInfo, LiveValue } from '../../../contract/protocol/types';
import { deviceKey } from '../../../streams/telemetry/device-key';
import type { DeviceLive } from '../../../streams/telemetry/types';
import { IfPermission } from '../../components/access-gate';
import { DeviceHistoryChart } from '../../components/device-history-chart';
import { formatDeviceValue } from '../../components/device-value';
import { showSuccess } from '../../components/toaster';
import { useDisplayUnits } from '../../components/use-display-units';
import { SUCCESS } from '../../lib/messages';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useDeviceKeys } from '../../lib/use-device-keys';
import { displayUnit, toDisplay } from '../../lib/units';
import { parseSetpoint, setpointLimits } from './setpoint';

const AC_MODES = ['off', 'cool', 'heat', 'auto', 'fan'] as const;
const READINGS = ['ac_state', 'ac_activity', 'ac_mode', 'ac_setpoint', 'ac_cabin_temp', 'ac_power'] as const;
const CHART_KEYS = ['ac_cabin_temp', 'ac_setpoint', 'ac_power'];

export default function AirConditionerPage() {
  const { session } = useFleetConsole();
  const fromQuery = new URLSearchParams(usePinnedSearch()).get('vehicleId');
  useEffect(() => {
    if (fromQuery) session.set('vehicleId', fromQuery);
  }, [fromQuery, session]);
  const vehicleId = fromQuery || session.get('vehicleId');
  if (!vehicleId) {
    return (
      <Center py="24" px="4">
        <Text color="fg.muted" data-testid="no-vehicle">
          No vehicle chosen. Open a vehicle first to see its air conditioner.
        </Text>
      </Center>
    );
  }
  return <AirConditionerView key={vehicleId} vehicleId={vehicleId} />;
}

function AirConditionerView({ vehicleId }: { vehicleId: string }) {
  const { fleet, commands } = useFleetConsole();
  const units = useDisplayUnits();
  const system = useMemo<DeviceRef>(() => ({ vehicleId, deviceType: 'system', deviceId: 0 }), [vehicleId]);

  useEffect(() => {
    commands.subscribeVehicles({ vehicleIds: [vehicleId] });
    commands.queryKeys(system);
    return () => {
      commands.unsubscribeVehicles({ vehicleIds: [vehicleId] });
    };
  }, [commands, vehicleId, system]);

  const name = useObservableState(
    useMemo(
      () =>
        fleet.vehicle$(vehicleId).pipe(
          map((v) => v?.name),
          distinctUntilChanged(),
        ),
      [fleet, vehicleId],
    ),
  );
  const systemKeys = useDeviceKeys(system);
  const keys = useMemo(() => systemKeys?.filter((k) => k.key.startsWith('ac_')), [systemKeys]);
  const live$ = useMemo(() => {
    const key = deviceKey('system', 0);
    return fleet.vehicle$(vehicleId).pipe(
      map((v) => v?.devices[key]),
      filter((d): d is DeviceLive => d !== undefined),
      distinctUntilChanged(),
    );
  }, [fleet, vehicleId]);
  const readings = useObservableState(
    useMemo(
      () =>
        live$.pipe(
          map((d) => READINGS.map((k) => d.values[k] ?? null)),
          distinctUntilChanged((a, b) => a.every((v, i) => v === b[i])),
        ),
      [live$],
    ),
  );
  const chartKeys = useMemo(() => keys?.filter((k) => k.kind === 'number') ?? [], [keys]);

  return (
    <Box p={{ base: '3', md: '5' }}>
      <Heading as="h1" size="lg" mb="4" data-testid="vehicle-name">
        {name ?? ''} {name ? '·' : ''} Air conditioner
      </Heading>
      {keys && keys.length === 0 ? (
        <Text color="fg.muted" data-testid="no-air-conditioner">
          This vehicle has no air conditioner.
        </Text>
      ) : (
        <Flex direction="column" gap="4">
          <SimpleGrid columns={{ base: 2, md: 3, xl: 6 }} gap="3" data-testid="ac-readings">
            {READINGS.map((key, i) => (
              <Reading key={key} info={keys?.find((k) => k.key === key)} value={readings?.[i] ?? null} units={units} />
            ))}
          </SimpleGrid>
          <IfPermission permissions={[PERMISSIONS.vehicleSettings]}>
            <Controls device={system} current={readings} />
          </IfPermission>
          {chartKeys.length > 0 && <DeviceHistoryChart device={system} keys={chartKeys} defaultKeys={CHART_KEYS} live$={live$} />}
        </Flex>
      )}
    </Box>
  );
}

function Reading(props: { info: KeyInfo | undefined; value: LiveValue; units: ReturnType<typeof useDisplayUnits> }) {
  const { info, units } = props;
  const unit = info?.kind === 'number' ? displayUnit(info.unit, units) : undefined;
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" p="3" data-key={info?.key}>
      <Stat.Label>{info?.label ?? '…'}</Stat.Label>
      <Stat.ValueText fontSize="xl">
        {formatDeviceValue(props.value, info?.kind ?? 'text', toDisplay(info?.unit, units))}
        {unit && props.value !== null && (
          <Text as="span" fontSize="sm" color="fg.muted" ms="1">
            {unit}
          </Text>
        )}
      </Stat.ValueText>
    </Stat.Root>
  );
}

function Controls(props: { device: DeviceRef; current: LiveValue[] | undefined }) {
  const { commands } = useFleetConsole();
  const units = useDisplayUnits();
  const limits = setpointLimits(units);
  /** What the person typed; null shows the current set point. */
  const [typed, setTyped] = useState<string | null>(null);
  const [mode, setMode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<'ac_setpoint' | 'ac_mode' | null>(null);

  const send = (setting: 'ac_setpoint' | 'ac_mode', value: number | string) => {
    setError(null);
    setSending(setting);
    commands
      .writeSetting(props.device, setting, value)
      .pipe(take(1))
      .subscribe((ack) => {
        setSending(null);
        if (!ack.ok) return setError(ack.msg);
        showSuccess(SUCCESS.saved);
        // The box follows the set point again, which now reports what was sent.
        if (setting === 'ac_setpoint') setTyped(null);
      });
  };
  const current = props.current?.[3];
  const setpoint = typed ?? (typeof current === 'number' ? String(Math.round(toDisplay('°C', units)(current) * 10) / 10) : '');
  const applySetpoint = () => {
    const parsed = parseSetpoint(setpoint, units);
    if ('error' in parsed) setError(parsed.error);
    else send('ac_setpoint', parsed.celsius);
  };
  const currentMode = typeof props.current?.[2] === 'string' ? props.current[2] : '';

  return (
    <Box borderWidth="1px" borderRadius="lg" p="4">
      <Heading as="h2" size="sm" mb="3">
        Controls
      </Heading>
      <Flex gap="6" wrap="wrap" align="end">
        <HStack align="end">
          <Field.Root width="auto">
            <Field.Label>Set point ({limits.unit})</Field.Label>
            <Input type="number" min={limits.min} max={limits.max} step={limits.step} width="28" value={setpoint} onChange={(e) => setTyped(e.target.value)} />
          </Field.Root>
          <Button onClick={applySetpoint} loading={sending === 'ac_setpoint'}>
            Set
          </Button>
        </HStack>
        <HStack align="end">
          <Field.Root width="auto">
            <Field.Label>Mode</Field.Label>
            <NativeSelect.Root width="36">
              <NativeSelect.Field value={mode || currentMode} onChange={(e) => setMode(e.target.value)}>
                {AC_MODES.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button onClick={() => send('ac_mode', mode || currentMode)} loading={sending === 'ac_mode'} disabled={!(mode || currentMode)}>
            Apply mode
          </Button>
        </HStack>
      </Flex>
      {error && (
        <Text role="alert" color="fg.error" mt="2" data-testid="ac-error">
          {error}
        </Text>
      )}
    </Box>
  );
}
