import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { ApiError } from '../../streams/api/api-error';
import { MESSAGES, required, vehicleName } from '../lib/validation';
import { DialogForm } from './dialog-form';

afterEach(cleanup);

function setUp(onSubmit: (values: Record<'name' | 'sn', string>) => Promise<unknown>) {
  const onClose = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <DialogForm
        open
        title="Add vehicle"
        fields={[
          { name: 'name', label: 'Name', rules: [vehicleName('add')] },
          { name: 'sn', label: 'S/N', rules: [required('Please enter the S/N!')] },
        ]}
        initial={{ name: '', sn: '' }}
        success="Added successfully"
        onSubmit={onSubmit}
        onClose={onClose}
        refusalField={(message) => (message.includes('(SN)') ? 'sn' : undefined)}
      />
    </ChakraProvider>,
  );
  return { onClose, name: screen.getByRole('textbox', { name: 'Name' }), sn: screen.getByRole('textbox', { name: 'S/N' }) };
}

describe('DialogForm', () => {
  it('validates on submit with the spec messages, then on every change', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { name } = setUp(onSubmit);
    expect(screen.queryByText(MESSAGES.vehicleNameRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.vehicleNameRequired)).toBeTruthy();
    expect(screen.getByText('Please enter the S/N!')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(21) } });
    expect(await screen.findByText('Vehicle name cannot exceed 20 characters!')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('disables submit while saving, and keeps what was typed with the refusal at its field', async () => {
    let refuse!: (error: unknown) => void;
    const { name, sn, onClose } = setUp(() => new Promise((_, reject) => (refuse = reject)));
    fireEvent.change(name, { target: { value: 'Van 1' } });
    fireEvent.change(sn, { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Saving' }) as HTMLButtonElement).disabled).toBe(true));
    refuse(new ApiError('code', 400, 'The operation failed. Please recheck the vehicle serial number (SN): it is already registered'));
    expect(await screen.findByText(/recheck the vehicle serial number/)).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Van 1');
    expect((sn as HTMLInputElement).value).toBe('SN-1');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal that names a field at that field', async () => {
    const { name, sn } = setUp(async () => {
      throw new ApiError('code', 400, 'name: must NOT have more than 20 characters');
    });
    fireEvent.change(name, { target: { value: 'Van 1' } });
    fireEvent.change(sn, { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name cannot exceed 20 characters!')).toBeTruthy();
  });

  it('closes after the server accepts', async () => {
    const { name, sn, onClose } = setUp(async () => undefined);
    fireEvent.change(name, { target: { value: 'Van 1' } });
    fireEvent.change(sn, { target: { value: 'SN-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('empties the choices that belonged to a select when it changes', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <ChakraProvider value={defaultSystem}>
        <DialogForm
          open
          title="Transfer"
          fields={[
            {
              name: 'fleetId',
              label: 'Fleet',
              rules: [],
              options: [
                { value: 'f1', label: 'North' },
                { value: 'f2', label: 'South' },
              ],
              clears: ['subFleetId'],
            },
            { name: 'subFleetId', label: 'Sub-fleet', rules: [], placeholder: 'None', options: [{ value: 's1', label: 'North harbour' }] },
          ]}
          initial={{ fleetId: 'f1', subFleetId: 's1' }}
          success="Transferred successfully"
          onSubmit={onSubmit}
          onClose={vi.fn()}
        />
      </ChakraProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Fleet' }), { target: { value: 'f2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ fleetId: 'f2', subFleetId: '' }, undefined));
  });

  it('shows the current values of a record someone else saved meanwhile, and saves again on its version', async () => {
    const onClose = vi.fn();
    const onSubmit = vi
      .fn<(values: Record<'name' | 'sn', string>, version: number | undefined) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError('code', 409, 'Someone else changed this vehicle while you were editing', { name: 'Van 9', sn: 'SN-9', version: 4 }))
      .mockResolvedValueOnce(undefined);
    render(
      <ChakraProvider value={defaultSystem}>
        <DialogForm
          open
          title="Edit vehicle"
          fields={[
            { name: 'name', label: 'Name', rules: [vehicleName('edit')] },
            { name: 'sn', label: 'S/N', rules: [required('Please enter the S/N!')] },
          ]}
          initial={{ name: 'Van 1', sn: 'SN-1' }}
          success="Modified successfully"
          versioned={{ noun: 'vehicle', version: 3, valuesOf: (current) => ({ name: String(current.name), sn: String(current.sn) }) }}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      </ChakraProvider>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Van 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone else changed this vehicle while you were editing. Their values are shown now; save again to overwrite them.',
    );
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Van 2', sn: 'SN-1' }, 3);
    expect(name.value).toBe('Van 9');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenLastCalledWith({ name: 'Van 9', sn: 'SN-9' }, 4);
  });

  it('offers no blank choice and no star for a select that starts on a default', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <DialogForm
          open
          title="Add vehicle"
          fields={[
            {
              name: 'kind',
              label: 'Kind',
              rules: [],
              options: [
                { value: 'van', label: 'Van' },
                { value: 'bus', label: 'Bus' },
              ],
              defaulted: true,
            },
          ]}
          initial={{ kind: 'van' }}
          success="Added successfully"
          onSubmit={async () => undefined}
          onClose={() => undefined}
        />
      </ChakraProvider>,
    );
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect([...kind.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Van', 'Bus']);
    expect(kind.hasAttribute('required')).toBe(false);
    expect(screen.getByText('Kind').textContent).toBe('Kind');
  });
});
