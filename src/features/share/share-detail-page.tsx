// /share/detail/page: the one vehicle a share guest may see, live, with its device tabs and charts,
// read-only. Units are the guest's own choice, kept in this browser.
import { useEffect } from 'react';
import { Box, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import type { VehicleDetail } from '../../../contract/api/types';
import type { DisplayUnits } from '../../../streams/session/profile-store';
import { ConnectionBanner } from '../../components/connection-banner';
import { ResourceView } from '../../components/resource-view';
import { useDisplayUnits } from '../../components/use-display-units';
import { DeviceTabs } from '../../components/vehicle-devices/device-tabs';
import { VehicleHeader } from '../../components/vehicle-devices/vehicle-header';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { useVehicleSubscription } from '../../lib/use-vehicle-subscription';
import { APP_VERSION } from '../../lib/version';

export default function ShareDetailPage() {
  const { resources, profile } = useFleetConsole();
  const state = useResource(() => resources.sharedVehicle$(), [resources]);
  useEffect(() => profile.applyBrowserUnits(), [profile]);
  return (
    <Box minHeight="100dvh">
      <ConnectionBanner />
      <ResourceView state={state} failed="This shared vehicle cannot be shown." fill>
        {(detail) => <SharedVehicle detail={detail} />}
      </ResourceView>
    </Box>
  );
}

function SharedVehicle({ detail }: { detail: VehicleDetail }) {
  useVehicleSubscription(detail.id);
  return (
    <Box p={{ base: '3', md: '5' }} data-testid="shared-vehicle">
      <Flex justify="space-between" align="center" mb="3" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          Shared vehicle · read only · Fleet Console {APP_VERSION}
        </Text>
        <UnitChoice />
      </Flex>
      <VehicleHeader detail={detail} />
      <DeviceTabs detail={detail} exportable={false} />
    </Box>
  );
}

const CHOICES: { [K in keyof DisplayUnits]: { label: string; options: readonly DisplayUnits[K][] } } = {
  speed: { label: 'Speed unit', options: ['km/h', 'mph'] },
  mileage: { label: 'Mileage unit', options: ['km', 'miles'] },
  temperature: { label: 'Temperature unit', options: ['°C', '°F'] },
};

/** The guest's display units: speed, mileage and temperature, remembered by this browser. */
function UnitChoice() {
  const { profile } = useFleetConsole();
  const units = useDisplayUnits();
  return (
    <HStack gap="2" data-testid="guest-units">
      <Text fontSize="sm" color="fg.muted">
        Units
      </Text>
      {(Object.keys(CHOICES) as (keyof DisplayUnits)[]).map((unit) => (
        <NativeSelect.Root key={unit} size="xs" width="auto">
          <NativeSelect.Field
            aria-label={CHOICES[unit].label}
            value={units[unit]}
            onChange={(event) => profile.setBrowserUnits({ ...units, [unit]: event.currentTarget.value })}
          >
            {CHOICES[unit].options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ))}
    </HStack>
  );
}
