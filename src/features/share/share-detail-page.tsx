import { useEffect, useState } from 'react';
import { Badge, Box, Center, DataList, Flex, Heading, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { of } from 'rxjs';
import { SHARED_VEHICLE_PATH } from '../../../streams/api/fleet-calls';
import type { VehicleDetail } from '../../../streams/api/types';
import { LoadingState } from '../../components/loading-state';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { useFleetConsole } from '../../lib/services';
import { APP_VERSION } from '../../lib/version';

/** The one vehicle a share guest may see, live. */
export default function ShareDetailPage() {
  const fleetConsole = useFleetConsole();
  const [detail, setDetail] = useState<VehicleDetail | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fleetConsole.api.get<VehicleDetail>(SHARED_VEHICLE_PATH).then(
      (vehicle) => live && setDetail(vehicle),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [fleetConsole]);

  const liveState = useObservableState(detail ? fleetConsole.fleet.vehicle$(detail.id) : of(undefined));
  const status = liveState?.status ?? detail?.status;
  const soc = liveState?.soc ?? detail?.soc;

  if (failed) {
    return (
      <Center minHeight="100dvh">
        <Text role="alert">This shared vehicle cannot be shown.</Text>
      </Center>
    );
  }
  if (!detail || !status) {
    return <LoadingState fill />;
  }
  return (
    <Box maxWidth="3xl" mx="auto" p="6">
      <Flex align="center" gap="3" mb="4">
        <Heading as="h1" size="xl">
          {detail.name}
        </Heading>
        <Badge data-testid="share-status" style={{ background: 'transparent' }} borderWidth="1px" borderColor={STATUS_STYLE[status].color}>
          {STATUS_STYLE[status].label}
        </Badge>
      </Flex>
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>S/N</DataList.ItemLabel>
          <DataList.ItemValue>{detail.sn}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Battery</DataList.ItemLabel>
          <DataList.ItemValue>{soc === null || soc === undefined ? '--' : `${Math.round(soc)} %`}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Fleet</DataList.ItemLabel>
          <DataList.ItemValue>{detail.fleetName}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Text mt="8" fontSize="xs" color="fg.muted">
        Shared from Fleet Console {APP_VERSION}
      </Text>
    </Box>
  );
}
