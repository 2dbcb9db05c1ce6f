import { customList, FIRMWARE_CUSTOM_MAX } from '@tracker/contract';

/**
 * The entries of a custom device list as typed (comma, semicolon, space or line separated) or read from a CSV file
 * (every cell): §5 keeps digits only, empty entries are dropped, each device once.
 */
export function readDeviceList(text: string): string[] {
  return customList(text.split(/[\s,;]+/));
}

/** §5 device_limit: at most 100 devices. */
export const overLimit = (list: readonly string[]) => list.length > FIRMWARE_CUSTOM_MAX;
