import { useTranslation } from 'react-i18next';
import { HelpTip } from '../../../components/HelpTip';

/** The wifi screens' help tooltips (§6: role 1 edits them in place, as on the owner profile). */
export const WIFI_HELP = ['query', 'mac', 'latitude', 'longitude', 'fixed', 'blacklisted'] as const;
export type WifiHelpKey = (typeof WIFI_HELP)[number];

/**
 * The tooltip of one wifi field: the stored help text of `geolocation.wifi.<key>` in the UI language (one call for
 * both screens: they share the prefix), else the console's own text.
 */
export function WifiHelp({ field }: { field: WifiHelpKey }) {
  const { t } = useTranslation();
  return <HelpTip path={`geolocation.wifi.${field}`} fallback={t(`adminData.wifi.help.${field}`)} />;
}
