export * from './csv.js';
export * from './attachment.js';
export * from './export-store.js';
export * from './export-sweep.service.js';
export * from './copy-csv.js';
export * from './sql-labels.js';
export * from './csv-generate-forms.js';
export * from './csv-time.js';
