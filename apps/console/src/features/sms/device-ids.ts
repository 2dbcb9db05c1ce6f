/**
 * The device ids typed on /admin/sendSMS (comma-separated, §2): every part keeps only its digits, empty parts and
 * zeros are dropped, and so are repeats (the first one stays), so the count shown is the count sent.
 */
export function parseDeviceIds(text: string): number[] {
  const seen = new Set<number>();
  for (const part of text.split(/[,;\s]+/)) {
    const digits = part.replace(/\D/g, '');
    if (!digits) continue;
    const id = Number(digits);
    if (id > 0 && !seen.has(id)) seen.add(id);
  }
  return [...seen];
}
