import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { mockFetch, ok } from '../../../test/render';
import { DayGate, useDay } from '../use-day';
import { DayTabShell, TabShell } from './TabShell';

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
const done: Query = { isPending: false, isError: false, error: null, refetch: () => undefined };

function Tab({ query, empty, onDayChange }: { query?: Query; empty?: boolean; onDayChange?: (d: string) => void }) {
  const day = useDay();
  return (
    <DayTabShell
      title="Messages"
      day={day}
      deviceId={42}
      exportKind="sms_per_device"
      lead={<span>lead</span>}
      actions={<button type="button">Send test</button>}
      query={query}
      empty={empty}
      emptyTitle="No messages on this day."
      onDayChange={onDayChange}
    >
      <p data-testid="content">content of {day.date}</p>
    </DayTabShell>
  );
}

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: '/tab', element }], { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

describe('day-tab shell', () => {
  it('shows the heading, then lead, day picker, export and actions in one toolbar, then the content', async () => {
    renderAt('/tab?date=2025-10-17', <Tab query={done} />);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Messages' });
    const toolbar = heading.parentElement!;
    expect(toolbar.className).toBe('dw-toolbar');
    expect([...toolbar.children].map((c) => c.getAttribute('data-testid') ?? c.getAttribute('role') ?? c.textContent)).toEqual([
      'Messages',
      'lead',
      'group',
      'export-sms_per_device',
      'Send test',
    ]);
    expect((within(toolbar).getByTestId('day-input') as HTMLInputElement).value).toBe('2025-10-17');
    expect(screen.getByTestId('content').textContent).toBe('content of 2025-10-17');
    // outside a DayGate the picker has no calendar and no note
    expect(screen.queryByTestId('days-toggle')).toBeNull();
    expect(screen.queryByTestId('day-note')).toBeNull();
  });

  it('puts the picked day into the URL (and drops the page), or hands it to the tab when it resets more', async () => {
    const { router, user } = renderAt('/tab?date=2025-10-17&page=3', <Tab query={done} />);
    await user.click(await screen.findByRole('button', { name: 'Previous day' }));
    expect(router.state.location.search).toBe('?date=2025-10-16');
    expect(screen.getByTestId('content').textContent).toBe('content of 2025-10-16');

    const onDayChange = vi.fn();
    const second = renderAt('/tab?date=2025-10-17', <Tab query={done} onDayChange={onDayChange} />);
    await second.user.click(screen.getAllByRole('button', { name: 'Previous day' })[1]!);
    expect(onDayChange).toHaveBeenCalledWith('2025-10-16');
    expect(second.router.state.location.search).toBe('?date=2025-10-17');
  });

  it('shows the query state of the main call before the content: loading, error with retry, empty', async () => {
    const refetch = vi.fn();
    renderAt('/tab?date=2025-10-17', <Tab query={{ ...done, isPending: true }} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByTestId('content')).toBeNull();
    // the toolbar stays usable while the day loads
    expect(screen.getByTestId('day-input')).toBeTruthy();

    cleanup();
    const { user } = renderAt('/tab?date=2025-10-17', <Tab query={{ ...done, isError: true, error: new Error('Server down'), refetch }} />);
    const alert = await screen.findByTestId('tab-error');
    expect(alert.textContent).toContain('Server down');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);

    cleanup();
    renderAt('/tab?date=2025-10-17', <Tab query={done} empty />);
    expect((await screen.findByText('No messages on this day.')).className).toBe('empty-state__title');
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('inside a DayGate: opens on the last day with data, says so, and offers the calendar', async () => {
    mockFetch({ 'GET /api/sms/days': ok({ month: '2025-10', days: ['2025-10-03', '2025-10-17'], last: '2025-10-17' }) });
    renderAt(
      '/tab',
      <DayGate id={42} route="smsDays">
        <Tab query={done} />
      </DayGate>,
    );
    expect((await screen.findByTestId('day-note')).textContent).toBe('Last day with data');
    expect((screen.getByTestId('day-input') as HTMLInputElement).value).toBe('2025-10-17');
    expect(screen.getByTestId('days-toggle')).toBeTruthy();
  });

  it('a tab without a day: heading and its own toolbar only', async () => {
    renderAt('/tab', <TabShell title="Contacts" toolbar={<span>2 of 10</span>}>{<p>list</p>}</TabShell>);
    const heading = await screen.findByRole('heading', { level: 2, name: 'Contacts' });
    expect([...heading.parentElement!.children].map((c) => c.textContent)).toEqual(['Contacts', '2 of 10']);
    expect(screen.queryByTestId('day-input')).toBeNull();
    expect(screen.getByText('list')).toBeTruthy();
  });
});
