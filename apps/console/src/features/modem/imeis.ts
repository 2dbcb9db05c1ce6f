/**
 * IMEIs as typed or read from a CSV file in the browser (§2 tab 1, §5 "CSV entries keep digits only"): split at line
 * breaks, commas, semicolons, tabs and spaces; each entry keeps its digits only; entries without digits (a header
 * such as `imei`) are dropped. Order and duplicates are kept: the api answers each entry (a duplicate is said so).
 */
export function parseImeis(text: string): string[] {
  return text
    .split(/[\r\n,;\t ]+/)
    .map((e) => e.replace(/\D+/g, ''))
    .filter((e) => e.length > 0);
}

/** An IMEI the api takes: 15 digits. */
export const validImei = (s: string) => /^\d{15}$/.test(s);
