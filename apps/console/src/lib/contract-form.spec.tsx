import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { coded, ErrorCode } from '@tracker/contract';
import { ApiError } from './api-client';
import { apiErrors, firstSegment, useContractForm } from './contract-form';
import { clearToasts, useToasts } from './toast';

const body = z.object({
  name: z.string().trim().min(1, coded('required')),
  devices: z.array(z.number().int().positive()).min(1, coded('smsNoDevices')),
});
type Values = { name: string; devices: string; kind: string };
const initial: Values = { name: '', devices: '', kind: '' };
const toBody = (v: Values) => ({ name: v.name, devices: v.devices ? v.devices.split(',').map(Number) : [] });

function setup(over: Partial<Parameters<typeof useContractForm<Values, typeof body>>[1]> = {}) {
  clearToasts();
  return renderHook(() => ({ form: useContractForm<Values, typeof body>(body, { initial, body: toBody, ...over }), toasts: useToasts() }));
}

describe('useContractForm', () => {
  it('checks with the schema and the form\'s own check, marks the fields, toasts locally and sends nothing', async () => {
    const save = vi.fn();
    const { result } = setup({ check: (v) => ({ kind: v.kind ? undefined : 'Choose a kind' }) });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.form.submit(save)();
    });
    expect(saved).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(result.current.form.errors.name).toBe('Name is required');
    expect(result.current.form.errors.devices).toBe('Enter at least one device id');
    expect(result.current.form.errors.kind).toBe('Choose a kind');
    expect(result.current.toasts.map((t) => [t.message, t.ms])).toEqual([['Please correct the marked fields.', 2000]]);

    // a changed field loses its message, the others keep theirs
    act(() => result.current.form.set('name', 'Nora'));
    expect(result.current.form.errors.name).toBeUndefined();
    expect(result.current.form.errors.devices).toBe('Enter at least one device id');
  });

  it('says only the first field of `firstOf` that has a message', async () => {
    const { result } = setup({ check: (v) => ({ kind: v.kind ? undefined : 'Choose a kind' }), firstOf: ['kind', 'name', 'devices'] });
    await act(async () => {
      await result.current.form.submit(vi.fn())();
    });
    expect(result.current.form.errors).toEqual({ kind: 'Choose a kind' });
  });

  it('saves the schema\'s output (trimmed, parsed) and answers true', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const { result } = setup({ initial: { name: ' Nora ', devices: '3,4', kind: 'x' } });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.form.submit(save)();
    });
    expect(saved).toBe(true);
    expect(save).toHaveBeenCalledWith({ name: 'Nora', devices: [3, 4] }, { name: ' Nora ', devices: '3,4', kind: 'x' });
    expect(result.current.form.errors).toEqual({});
    expect(result.current.toasts).toEqual([]);
  });

  it('marks the api\'s field errors at their fields (devices.3 at devices, a body wrapper dropped)', async () => {
    const refused = new ApiError(400, ErrorCode.ValidationFailed, 'Validation failed', [
      { field: 'devices.3', code: 'text', message: 'Device 9 is unknown' },
      { field: 'devices.4', code: 'text', message: 'Device 10 is unknown' },
    ]);
    refused.toasted = true;
    const { result } = setup({ initial: { name: 'Nora', devices: '9,10', kind: '' } });
    await act(async () => {
      await result.current.form.submit(() => Promise.reject(refused))();
    });
    expect(result.current.form.errors).toEqual({ devices: 'Device 9 is unknown' });
    // the api client toasted it already
    expect(result.current.toasts).toEqual([]);
    expect(apiErrors(new ApiError(400, ErrorCode.ValidationFailed, 'x', [{ field: 'newUser.email', code: 'text', message: 'taken' }]), firstSegment('newUser'))).toEqual({
      email: 'taken',
    });
  });

  it('toasts a refusal nobody has toasted (an upload) with its request id; a refusal without fields is the form\'s `_`', async () => {
    const refused = new ApiError(409, ErrorCode.Duplicate, 'Already there', [], 'req-42');
    const { result } = setup({ initial: { name: 'Nora', devices: '1', kind: '' } });
    await act(async () => {
      await result.current.form.submit(() => Promise.reject(refused))();
    });
    expect(result.current.form.errors).toEqual({ _: 'Already there' });
    expect(result.current.toasts.map((t) => [t.message, t.requestId, t.ms])).toEqual([['Already there', 'req-42', 5000]]);
    // any change drops the refusal's note
    act(() => result.current.form.set('name', 'Nina'));
    expect(result.current.form.errors).toEqual({});
  });

  it('says issues in the form\'s own words and maps paths with fieldOf; reset forgets values and messages', async () => {
    const { result } = setup({ message: (field) => `bad ${field}`, fieldOf: (p) => (p.startsWith('devices') ? 'devicesText' : p) });
    await act(async () => {
      await result.current.form.submit(vi.fn())();
    });
    expect(result.current.form.errors).toEqual({ name: 'bad name', devicesText: 'bad devicesText' });
    act(() => result.current.form.set('name', 'x'));
    act(() => result.current.form.reset());
    expect(result.current.form.values).toEqual(initial);
    expect(result.current.form.errors).toEqual({});
  });
});
