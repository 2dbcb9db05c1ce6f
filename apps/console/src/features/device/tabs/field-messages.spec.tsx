import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldError, type FieldError } from '@tracker/contract';
import { i18n } from '../../../lib/i18n';
import { mockFetch, ok, renderApp } from '../../../test/render';
import { device, general, roleOf, setting } from './fixtures';

/** A 400 of the api: its field errors carry a code and an English message (fieldError builds them as the api does). */
const refused = (...errors: FieldError[]) => ({ status: 400, body: { error: 'Validation failed.', code: 'VALIDATION_FAILED', errors } });

/**
 * The api answers field errors as codes (house rule "Reasons and messages"); the device tabs say them in the UI
 * language, never the English message of the answer.
 */
describe('device tabs say the field errors of the api in the UI language (de)', () => {
  it('general settings: control characters and a birth date in the future', async () => {
    const api = mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/settings': ok(general()),
      'POST /api/device/settings': refused(fieldError('first_name', 'controlChars'), fieldError('birth_date', 'birthDateFuture')),
    });
    await i18n.changeLanguage('de');
    const { user } = renderApp('/device/42/generalSettings', { session: { role: 1 } });
    await screen.findByLabelText('Vorname des Kindes');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/device/settings')).toHaveLength(1));
    expect(await screen.findByText('Darf keine Steuerzeichen enthalten')).toBeTruthy();
    expect(screen.getByText('Das Geburtsdatum darf nicht in der Zukunft liegen')).toBeTruthy();
    expect(screen.queryByText('Birth date cannot be in the future')).toBeNull();
  });

  it('swap: a SIM that went into this device meanwhile, and the GSM number rule', async () => {
    const sim = { id: 9, imsi: '262011234567890', iccid: null, gsm_number: '+4915112345678', status: 0, carrier_status: 'ACTIVE', operator_id: 1, operator_name: 'Telekom', device_id: null };
    let swaps = 0;
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/device/information/imsi': ok(device()),
      'GET /api/device/sim_card': ok(sim),
      // the number's rule is checked before the SIM (validation first); the SIM went into this device meanwhile
      'POST /api/device/swap_sim': () =>
        ++swaps === 1 ? refused(fieldError('gsm_number', 'gsmNumber', { min: 8, max: 15 })) : refused(fieldError('sim_card_id', 'simAlreadyInDevice')),
    });
    await i18n.changeLanguage('de');
    const { user } = renderApp('/device/42/swap', { session: { role: 1 } });
    await user.type(await screen.findByLabelText('IMSI der neuen SIM'), sim.imsi);
    await user.click(screen.getByRole('button', { name: 'Prüfen' }));
    await user.click(await screen.findByRole('button', { name: 'SIM tauschen' }));
    const atField = (text: string) => async () =>
      expect((await screen.findAllByText(text)).some((e) => e.classList.contains('field__error'))).toBe(true);
    await waitFor(atField('Die GSM-Nummer beginnt mit + und hat 8 bis 15 Ziffern'));
    await user.click(screen.getByRole('button', { name: 'SIM tauschen' }));
    await waitFor(atField('Die SIM-Karte steckt bereits in diesem Gerät'));
  });

  it('settings: a §9 rule of the api (operational time) at its row', async () => {
    const hours = setting({ setting_no: 2, name: 'operational_time', value: '12', default_value: '24' });
    mockFetch({
      'GET /api/local/role': roleOf(1),
      'GET /api/device/device_details': ok(device()),
      'GET /api/setting/all': ok([hours]),
      'POST /api/setting/edit': refused(fieldError('settings.0.value', 'operationalTime', { min: 1, max: 24 })),
    });
    await i18n.changeLanguage('de');
    const { user } = renderApp('/device/42/settings', { session: { role: 1 } });
    await user.selectOptions(await screen.findByLabelText('Wert von operational_time'), '8 Std.');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern (1)' }));
    // at the row (and in the error toast)
    const said = await screen.findAllByText('Die Betriebszeit muss eine ganze Zahl von 1 bis 24 sein');
    expect(said.some((e) => e.classList.contains('field__error'))).toBe(true);
  });
});
