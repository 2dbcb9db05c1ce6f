import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';

function Editor({ save }: { save: (v: string) => Promise<boolean> }) {
  const [saved, setSaved] = useState('');
  const [value, setValue] = useState('');
  const dirty = value !== saved;
  async function onSave() {
    const ok = await save(value);
    if (ok) setSaved(value);
    return ok;
  }
  return (
    <>
      <label>
        Name <input value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <Link to="/other">Elsewhere</Link>
      <UnsavedChangesPrompt when={dirty} onSave={onSave} />
    </>
  );
}

function setup(save: (v: string) => Promise<boolean> = async () => true) {
  const router = createMemoryRouter(
    [
      { path: '/start', element: <p>start page</p> },
      { path: '/edit', element: <Editor save={save} /> },
      { path: '/other', element: <p>other page</p> },
    ],
    { initialEntries: ['/start', '/edit'], initialIndex: 1 },
  );
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

describe('UnsavedChangesPrompt', () => {
  it('lets the user leave a screen without changes, with no prompt', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText('other page')).toBeTruthy();
  });

  it('asks before leaving with changes; No leaves without saving', async () => {
    const save = vi.fn(async () => true);
    const { user } = setup(save);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('Do you want to save your changes before leaving?');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(await screen.findByText('other page')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('Yes saves, then leaves; a failed save stays on the screen with the changes', async () => {
    const save = vi.fn(async (v: string) => v === 'Anna');
    const { user } = setup(save);
    await user.type(screen.getByLabelText('Name'), 'An');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(save).toHaveBeenCalledWith('An');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('An');

    await user.type(screen.getByLabelText('Name'), 'na');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(save).toHaveBeenLastCalledWith('Anna');
    expect(await screen.findByText('other page')).toBeTruthy();
  });

  it('stops the browser back button too, and closing the prompt stays', async () => {
    const { router, user } = setup();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await router.navigate(-1);
    expect(await screen.findByRole('dialog', { name: 'Unsaved changes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit');
    expect(screen.queryByText('start page')).toBeNull();
  });

  it('asks the browser to confirm closing the tab only while there are changes', async () => {
    const { user } = setup();
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('Name'));
    expect(unload()).toBe(false);
  });
});
