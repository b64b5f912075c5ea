// Add or edit a pre-alarm rule: name, device key, judgment logic, value (an integer), trigger
// duration (1-72 h, 24 by default), message, and the vehicles it watches or the whole fleet or
// sub-fleet. A low-SOC rule outside 0-50 % is warned about, not refused. Before saving, a preview
// tells how often the rule would have fired over the last 7 days.
import { useCallback, useState } from 'react';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { isLowSocRule, LOGIC_LABEL, PREALARM_KEY_NAMES, PREALARM_KEYS, PREALARM_LOGIC } from '../../../contract/api/prealarm-keys';
import type { Prealarm, PrealarmPreview } from '../../../streams/api/report-calls';
import { SearchMultiPicker } from '../../components/search-multi-picker';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { integer, lowSoc, MESSAGES, required, TRIGGER_HOURS, triggerDuration } from '../../lib/validation';
import type { PrealarmCreate } from '../../../streams/api/entity-writes';

type Field = 'name' | 'deviceKey' | 'logic' | 'value' | 'triggerHours' | 'message' | 'assignment' | 'vehicleIds';

/** The rule a form's values describe, as the server takes it. */
const ruleOf = (values: Record<Field, string>) => ({
  name: values.name.trim(),
  // The selects offer the known keys and comparisons only.
  deviceKey: values.deviceKey as PrealarmCreate['deviceKey'],
  logic: values.logic as PrealarmCreate['logic'],
  value: Number(values.value),
  triggerHours: Number(values.triggerHours),
  message: values.message.trim(),
  vehicleIds: values.assignment === 'chosen' ? values.vehicleIds.split('\n').filter(Boolean) : [],
});

export function PrealarmFormDialog(props: { open: boolean; fleetId: string; subFleetId: string | null; rule: Prealarm | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const { rule, fleetId, subFleetId } = props;
  // Searched on the server: any vehicle of a large fleet can be chosen.
  const vehicleLookup = usePickerLookup(resources.vehicles, subFleetId ? { subFleetId } : { fleetId });
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [preview, setPreview] = useState<{ state: 'running' } | { state: 'done'; answer: PrealarmPreview } | { state: 'failed' } | null>(null);
  // Stable, so the form reports only real changes; any change makes an earlier preview stale.
  const onValuesChange = useCallback((next: Record<Field, string>) => {
    setValues(next);
    setPreview(null);
  }, []);
  const whole = subFleetId ? 'The whole sub-fleet' : 'The whole fleet';

  const runPreview = async () => {
    if (!values) return;
    setPreview({ state: 'running' });
    try {
      const { name: _n, message: _m, ...condition } = ruleOf(values);
      setPreview({ state: 'done', answer: await resources.previewPrealarm({ fleetId, subFleetId, ...condition }) });
    } catch {
      setPreview({ state: 'failed' });
    }
  };
  const socWarning = values && isLowSocRule(values.deviceKey, values.logic) && !integer(values.value) && lowSoc(values.value);
  const previewReady = values && !integer(values.value) && !triggerDuration(values.triggerHours) && values.deviceKey && values.logic;

  return (
    <DialogForm<Field>
      open={props.open}
      title={rule ? 'Edit pre-alarm' : 'Add pre-alarm'}
      success={rule ? SUCCESS.modified : SUCCESS.added}
      initial={{
        name: rule?.name ?? '',
        deviceKey: rule?.deviceKey ?? 'soc',
        logic: rule?.logic ?? '<',
        value: rule ? String(rule.value) : '',
        triggerHours: String(rule?.triggerHours ?? TRIGGER_HOURS.default),
        message: rule?.message ?? '',
        assignment: rule ? (rule.vehicleIds.length > 0 ? 'chosen' : 'all') : '',
        vehicleIds: rule?.vehicleIds.join('\n') ?? '',
      }}
      onValuesChange={onValuesChange}
      fields={(current) => [
        { name: 'name', label: 'Name', rules: [required(MESSAGES.prealarmNameRequired)] },
        {
          name: 'deviceKey',
          label: 'Device key',
          rules: [required(MESSAGES.deviceKeyRequired)],
          options: PREALARM_KEY_NAMES.map((k) => ({ value: k, label: `${PREALARM_KEYS[k].label} (${PREALARM_KEYS[k].unit})` })),
        },
        { name: 'logic', label: 'Judgment logic', rules: [required(MESSAGES.logicRequired)], options: PREALARM_LOGIC.map((l) => ({ value: l, label: LOGIC_LABEL[l] })) },
        { name: 'value', label: 'Value', rules: [required(MESSAGES.valueRequired), integer] },
        { name: 'triggerHours', label: 'Trigger duration (hours)', rules: [triggerDuration] },
        { name: 'message', label: 'Message', rules: [required(MESSAGES.messageRequired)] },
        {
          name: 'assignment',
          label: 'Assigned vehicles',
          rules: [required(MESSAGES.vehiclesRequired)],
          options: [
            { value: 'all', label: whole },
            { value: 'chosen', label: 'Chosen vehicles' },
          ],
        },
        ...(current.assignment === 'chosen'
          ? [
              {
                name: 'vehicleIds' as const,
                label: 'Vehicles',
                rules: [required(MESSAGES.vehiclesRequired)],
                editor: (value: string, change: (value: string) => void) => (
                  <SearchMultiPicker
                    label="Vehicles"
                    addLabel="Add a vehicle"
                    value={value.split('\n').filter(Boolean)}
                    {...vehicleLookup}
                    onChange={(ids) => change(ids.join('\n'))}
                  />
                ),
              },
            ]
          : []),
      ]}
      onSubmit={(submitted) =>
        rule ? resources.prealarms.update({ prealarmId: rule.id, ...ruleOf(submitted) }) : resources.prealarms.create({ fleetId, subFleetId, ...ruleOf(submitted) })
      }
      onClose={props.onClose}
    >
      {socWarning && (
        <Text color="orange.fg" fontSize="sm" role="status">
          {socWarning} The recommended low SOC range is 0-50%.
        </Text>
      )}
      <Box borderWidth="1px" borderRadius="md" p="3">
        <Stack gap="2">
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => void runPreview()} disabled={!previewReady || preview?.state === 'running'}>
            Preview on the last 7 days
          </Button>
          {preview?.state === 'running' && <Text fontSize="sm">Replaying the last 7 days of history…</Text>}
          {preview?.state === 'failed' && (
            <Text fontSize="sm" color="fg.error">
              The preview could not be computed.
            </Text>
          )}
          {preview?.state === 'done' && (
            <Box fontSize="sm" data-testid="prealarm-preview">
              <Text>
                Over the last 7 days of history this rule would have fired {preview.answer.fires} time{preview.answer.fires === 1 ? '' : 's'}
                {preview.answer.vehicles.length > 0 ? ' on these vehicles:' : '.'}
              </Text>
              {preview.answer.vehicles.slice(0, 8).map((v) => (
                <Text key={v.vehicleId} color="fg.muted">
                  {v.vehicleName}: {v.fires}
                </Text>
              ))}
              {preview.answer.vehicles.length > 8 && <Text color="fg.muted">and {preview.answer.vehicles.length - 8} more</Text>}
            </Box>
          )}
        </Stack>
      </Box>
    </DialogForm>
  );
}
