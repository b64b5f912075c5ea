// The views of a wall playlist, in order: what each shows and for how many seconds.
import { Box, Button, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { WallView } from '../../../contract/api/types';
import { WallViewSchema } from '../../../contract/entities/wall-playlist';
import { type PickerItem, SearchPicker } from '../../components/search-picker';
import { WALL_VIEW_LABEL } from '../../lib/wall-views';

/** A server search over fleets or vehicles and the name of a chosen id (usePickerLookup). */
type Choices = { lookup: (search: string, signal: AbortSignal) => Promise<PickerItem[]>; nameOf: (id: string, signal: AbortSignal) => Promise<string> };

export const DWELL_S = { min: WallViewSchema.properties.dwellS.minimum!, max: WallViewSchema.properties.dwellS.maximum!, default: 30 };

/** What is missing or out of range in the views, in words, or null when they can be saved. */
export function viewsProblem(views: readonly WallView[]): string | null {
  if (views.length === 0) return 'Add at least one view';
  for (const [i, v] of views.entries()) {
    if (!Number.isInteger(v.dwellS) || v.dwellS < DWELL_S.min || v.dwellS > DWELL_S.max) return `View ${i + 1}: seconds must be ${DWELL_S.min}-${DWELL_S.max}`;
    if (v.kind === 'fleet' && !v.fleetId) return `View ${i + 1}: choose the fleet`;
    if (v.kind === 'vehicle' && !v.vehicleId) return `View ${i + 1}: choose the vehicle`;
  }
  return null;
}

/** Keeps only the fields a view of its kind uses. */
const reshaped = (view: WallView, kind: WallView['kind']): WallView => ({
  kind,
  dwellS: view.dwellS,
  ...((kind === 'home' || kind === 'fleet') && view.fleetId ? { fleetId: view.fleetId } : {}),
  ...(kind === 'vehicle' && view.vehicleId ? { vehicleId: view.vehicleId } : {}),
});

export function PlaylistViewsEditor(props: {
  views: WallView[];
  onChange: (views: WallView[]) => void;
  /** Searched on the server: any of thousands of fleets or vehicles can be shown. */
  fleets: Choices;
  vehicles: Choices;
  problem: string | null;
}) {
  const { views, onChange } = props;
  const set = (i: number, view: WallView) => onChange(views.map((v, j) => (j === i ? view : v)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...views];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <Stack gap="2" data-testid="playlist-views">
      <Text fontWeight="semibold">Views</Text>
      {views.map((view, i) => (
        <Stack key={i} gap="2" borderWidth="1px" rounded="md" p="2" data-testid="playlist-view">
          <HStack gap="2">
            <NativeSelect.Root size="sm" flex="1">
              <NativeSelect.Field aria-label={`View ${i + 1} shows`} value={view.kind} onChange={(e) => set(i, reshaped(view, e.target.value as WallView['kind']))}>
                {Object.entries(WALL_VIEW_LABEL).map(([kind, label]) => (
                  <option key={kind} value={kind}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
            {(view.kind === 'home' || view.kind === 'fleet') && (
              <Box flex="1">
                <SearchPicker
                  label={`View ${i + 1} fleet`}
                  width="full"
                  value={view.fleetId ?? ''}
                  {...props.fleets}
                  {...(view.kind === 'home' ? { none: 'Every fleet' } : { placeholder: 'Choose the fleet' })}
                  onChange={(fleet) => set(i, { ...reshaped(view, view.kind), ...(fleet ? { fleetId: fleet.id } : {}) })}
                />
              </Box>
            )}
            {view.kind === 'vehicle' && (
              <Box flex="1">
                <SearchPicker
                  label={`View ${i + 1} vehicle`}
                  width="full"
                  placeholder="Choose the vehicle"
                  value={view.vehicleId ?? ''}
                  {...props.vehicles}
                  onChange={(vehicle) => set(i, { ...reshaped(view, 'vehicle'), ...(vehicle ? { vehicleId: vehicle.id } : {}) })}
                />
              </Box>
            )}
            {view.kind === 'alarms' && <Text flex="1" />}
          </HStack>
          <HStack gap="2">
            <Input
              size="sm"
              width="5.5rem"
              type="number"
              min={DWELL_S.min}
              max={DWELL_S.max}
              aria-label={`View ${i + 1} seconds`}
              value={String(view.dwellS)}
              onChange={(e) => set(i, { ...view, dwellS: Number(e.target.value) })}
            />
            <Text fontSize="sm" color="fg.muted" flex="1">
              seconds
            </Text>
            <IconButton size="xs" variant="ghost" aria-label={`Move view ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
              <ArrowUp />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={`Move view ${i + 1} down`} disabled={i === views.length - 1} onClick={() => move(i, 1)}>
              <ArrowDown />
            </IconButton>
            <IconButton size="xs" variant="ghost" aria-label={`Remove view ${i + 1}`} onClick={() => onChange(views.filter((_, j) => j !== i))}>
              <Trash2 />
            </IconButton>
          </HStack>
        </Stack>
      ))}
      <Button size="xs" variant="outline" alignSelf="start" onClick={() => onChange([...views, { kind: 'alarms', dwellS: DWELL_S.default }])}>
        <Plus /> Add view
      </Button>
      {props.problem && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {props.problem}
        </Text>
      )}
    </Stack>
  );
}
