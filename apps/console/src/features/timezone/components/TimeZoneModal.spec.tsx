import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getTimeZone } from '../../../lib/time-zone';
import { mockFetch, ok, renderApp } from '../../../test/render';

describe('time-zone modal', () => {
  it('defaults to UTC +0:00 and stores the chosen zone', async () => {
    mockFetch({ 'GET /api/local/role': ok({ username: 'u', role: 1, operators: [], white_labels: [1], types: [-1], preferedLanguage: 'en' }) });
    const { user } = renderApp('/dashboard/search', { session: {} });
    const button = await screen.findByRole('button', { name: /Time zone UTC \+0:00/ });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Time zone' });
    expect(within(dialog).getByTestId('tz-offset').textContent).toContain('UTC +0:00');

    await user.selectOptions(within(dialog).getByLabelText('Region'), 'Asia');
    await user.selectOptions(within(dialog).getByLabelText('Zone'), 'Asia/Tokyo');
    expect(within(dialog).getByTestId('tz-offset').textContent).toContain('UTC +9:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getTimeZone()).toBe('Asia/Tokyo');
    expect(localStorage.getItem('tracker.timeZone')).toBe('Asia/Tokyo');
    expect(screen.getByRole('button', { name: /Asia\/Tokyo \(UTC \+9:00\)/ })).toBeTruthy();
  });
});
