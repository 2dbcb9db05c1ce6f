import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { clearToasts, serverErrorToast } from '../lib/toast';
import { Toasts } from './Toasts';

afterEach(() => clearToasts());

describe('Toasts', () => {
  it("shows a server error's request id for a support agent to quote, in the UI language", async () => {
    await i18n.changeLanguage('en');
    render(<Toasts />);
    act(() => void serverErrorToast('Something went wrong.', '5d1c6a0e-2b7f-4d8e-9a51-0c3f7e2b9d14'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong.');
    expect(screen.getByTestId('toast-request-id').textContent).toBe('Request ID: 5d1c6a0e-2b7f-4d8e-9a51-0c3f7e2b9d14');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByTestId('toast-request-id').textContent).toBe('Anfrage-ID: 5d1c6a0e-2b7f-4d8e-9a51-0c3f7e2b9d14');
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows no id line when the error has none (a network failure, a local check)', async () => {
    render(<Toasts />);
    act(() => void serverErrorToast('The server cannot be reached.'));
    await screen.findByRole('alert');
    expect(screen.queryByTestId('toast-request-id')).toBeNull();
  });
});
