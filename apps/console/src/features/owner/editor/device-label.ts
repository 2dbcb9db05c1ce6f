/** The person a device is on, for lists of devices: the child's name, else the IMEI. */
export const deviceLabel = (d: { first_name: string | null; last_name: string | null; imei: string }) =>
  [d.first_name, d.last_name].filter(Boolean).join(' ') || d.imei;
