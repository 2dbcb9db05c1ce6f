import type { RouteName } from '@tracker/contract';
import { csvForm, uniqueDigits } from '../imports-helpers.js';
import { exportHash } from './export-hash.js';
import type { SampleBuilder } from './index.js';

/** Valid requests of the import routes; uploads are tiny and unique (the matrix calls each route many times). */
export const IMPORT_SAMPLES: Partial<Record<RouteName, SampleBuilder>> = {
  importSim: () => ({ path: '/import/sim', body: { imsi: uniqueDigits('99101') } }),
  importDevice: () => ({ path: '/import/device', body: { imei: uniqueDigits('86101'), device_type_id: 1 } }),
  importDeviceAndSim: () => ({
    path: '/import/deviceAndSim',
    body: { imei: uniqueDigits('86102'), imsi: uniqueDigits('99102'), device_type_id: 1 },
  }),
  importFactoryDevice: () => ({ path: '/import/factoryDevice', body: { imei: uniqueDigits('86103') } }),
  importUpload: () => ({ path: '/import/upload', multipart: csvForm(`imsi\n${uniqueDigits('99103')}\n`, { kind: 'SIM' }, 'matrix.csv') }),
  importUploadMass: () => ({
    path: '/import/upload/mass',
    multipart: csvForm(`${uniqueDigits('86104')}\n`, { device_type_id: '1' }, 'matrix-mass.csv'),
  }),
  importList: () => ({ path: '/import/list?page=0' }),
  importErrors: () => ({ path: '/import/errors?id=1' }),
  importTemplate: () => ({ path: '/import/template?kind=SIM' }),
  importCsvGenerate: () => ({ path: '/csv/generate/import?import_id=1' }),
  // a report hash is good only for the user who generated it
  importCsvDownload: async (ctx) => ({ path: `/csv/import?hash=${await exportHash(ctx, 'import', { import_id: 2 })}` }),
  importHelp: () => ({ path: '/import/upload/help' }),
  importHelpUpload: () => {
    const form = new FormData();
    form.set('file', new Blob(['%PDF-1.4 matrix'], { type: 'application/pdf' }), 'matrix-help.pdf');
    return { path: '/import/upload/help', multipart: form };
  },
  importHelpFile: async ({ api }) => {
    const id = (await api.pool.query(`SELECT min(id) AS id FROM help_file`)).rows[0].id;
    return { path: `/import/upload/help/file?id=${id}` };
  },
};
