import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JobsOverview } from '@tracker/contract';
import { mockFetch, ok, renderApp } from '../../../test/render';

const overview = (failures: JobsOverview['failures']): JobsOverview => ({
  queues: [
    { queue: 'imports', waiting: 0, active: 1, delayed: 0, failed: failures.filter((f) => f.queue === 'imports').length },
    { queue: 'sms', waiting: 120, active: 2, delayed: 7, failed: 0 },
    { queue: 'reports', waiting: 0, active: 0, delayed: 0, failed: 0 },
    { queue: 'firmware', waiting: 0, active: 0, delayed: 0, failed: 0 },
    { queue: 'modem', waiting: 3, active: 0, delayed: 1, failed: failures.filter((f) => f.queue === 'modem').length },
  ],
  failures,
  failures_kept: 200,
});
const modemFailure = { id: 'f-1', queue: 'modem' as const, job: 'modem.step', job_id: 'modem-77-3', payload: { id: 77, version: 3 }, reason: 'gateway answered 500', attempts: 5, failed_at: '2026-11-28T10:00:00.000Z', retryable: true };
const importFailure = { id: 'f-2', queue: 'imports' as const, job: 'import.run', job_id: 'import-4242', payload: { importId: 4242 }, reason: 'disk full', attempts: 5, failed_at: '2026-11-28T09:00:00.000Z', retryable: false };

describe('/admin/jobs', () => {
  it("shows each queue's counts and the recent failures with their reason; retries a failure that is safe to retry", async () => {
    let failures = [modemFailure, importFailure];
    const calls = mockFetch({
      'GET /api/local/role': ok({ username: 'admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
      'GET /api/admin/jobs': () => ok(overview(failures)),
      'POST /api/admin/jobs/retry': (call) => {
        failures = failures.filter((f) => f.id !== (call.body as { id: string }).id);
        return ok({ ok: true });
      },
    });
    const { user } = renderApp('/admin/jobs', { session: { role: 1 } });
    const queues = await screen.findByTestId('job-queues');
    const sms = within(queues).getAllByRole('row').find((r) => r.textContent?.startsWith('sms'))!;
    expect([...sms.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['sms', '120', '2', '7', '0']);
    // failed: the queue's entries among the last failures_kept final failures, and the page says how many that is
    const modem = within(queues).getAllByRole('row').find((r) => r.textContent?.startsWith('modem'))!;
    expect([...modem.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['modem', '3', '0', '1', '1']);
    expect(screen.getByTestId('job-failed-note').textContent).toBe("Failed counts each queue's final failures among the last 200 of all queues (the list below).");
    const table = await screen.findByTestId('job-failures');
    expect(table.textContent).toContain('gateway answered 500');
    expect(table.textContent).toContain('disk full');
    expect(within(table).getByText('Not safe to retry')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Retry import-4242' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Retry modem-77-3' }));
    await waitFor(() => expect(calls.callsTo('POST', '/api/admin/jobs/retry')).toHaveLength(1));
    expect(calls.callsTo('POST', '/api/admin/jobs/retry')[0]!.body).toEqual({ id: 'f-1' });
    await screen.findByText('The job was queued again.');
    await waitFor(() => expect(screen.getByTestId('job-failures').textContent).not.toContain('gateway answered 500'));
    await waitFor(() => expect([...within(screen.getByTestId('job-queues')).getAllByRole('row').find((r) => r.textContent?.startsWith('modem'))!.querySelectorAll('td')].at(-1)!.textContent).toBe('0'));
  });

  it('says so when no job failed', async () => {
    mockFetch({
      'GET /api/local/role': ok({ username: 'admin', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }),
      'GET /api/admin/jobs': ok(overview([])),
    });
    renderApp('/admin/jobs', { session: { role: 1 } });
    expect(await screen.findByText('No job has failed lately.')).toBeTruthy();
  });
});
