import type { ReasonDef } from './reason-def.js';

/** The reason codes of the imports: import lines, and whole import files (import.error_code). */
export const IMPORT_REASONS = {
  // import lines
  lineTooLong: { en: 'Line is too long (more than {{max}} characters)', params: { max: 'number' } },
  notUtf8: { en: 'Line is not valid UTF-8 text' },
  nulBytes: { en: 'Line contains NUL bytes' },
  quoteNotClosed: { en: 'A quoted value is not closed' },
  textAfterQuote: { en: 'Unexpected text after a quoted value' },
  quoteInValue: { en: 'A quote inside an unquoted value' },
  fieldCount: { en: 'Line has {{fields}} fields, the header has {{header}}', params: { fields: 'number', header: 'number' } },

  // whole import files (import.error_code)
  missingColumn: { en: 'Missing column: {{columns}}', params: { columns: 'text' } },
  columnTwice: { en: 'Column {{column}} appears twice in the header', params: { column: 'text' } },
  headerUnreadable: { en: 'The header line cannot be read: {{reason}}', params: { reason: 'reason' } },
  noDataRows: { en: 'The file has a header but no data rows' },
  fileEmpty: { en: 'The file is empty' },
  fileGone: { en: 'The uploaded file is gone' },
  noFile: { en: 'The import has no file' },
  importFailed: { en: 'The import failed: {{message}}', params: { message: 'text' } },
  ignoredColumns: { en: 'Columns ignored (not columns of this kind): {{columns}}', params: { columns: 'text' } },
} as const satisfies Record<string, ReasonDef>;
