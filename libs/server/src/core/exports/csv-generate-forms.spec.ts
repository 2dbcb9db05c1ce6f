import { describe, expect, it } from 'vitest';
import { csvGenerateTarget } from './csv-generate-forms.js';

describe('csvGenerateTarget (§7 GET /csv/generate forms)', () => {
  it('sends each form to its own generator; a device stays on /csv/generate', () => {
    expect(csvGenerateTarget({ device_id: '3', date: '2026-03-10' })).toBeNull();
    expect(csvGenerateTarget({ device_id: '3', from: '2026-03-10' })).toBeNull();
    expect(csvGenerateTarget({ import_id: '7' })).toBe('/csv/generate/import');
    expect(csvGenerateTarget({ from: '2026-03-10', to: '2026-03-11' })).toBe('/csv/generate/sms');
    expect(csvGenerateTarget({ from: '2026-03-10', to: '2026-03-11', query: 'x' })).toBe('/csv/generate/sms');
    expect(csvGenerateTarget({ query: 'x' })).toBe('/csv/generate/sms');
    expect(csvGenerateTarget({ to: '2026-03-11' })).toBe('/csv/generate/sms');
    expect(csvGenerateTarget({})).toBeNull();
  });
});
