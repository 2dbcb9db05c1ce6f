import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { canAccess, devicePath, type Area } from '@tracker/contract';
import { ForbiddenNote } from '../../../components/ForbiddenNote';
import { WorkspaceTabs } from '../../../components/WorkspaceTabs';
import { useSession } from '../../../lib/session';
import type { DayRoute } from '../api/days';
import { headerRoute, useDeviceDetails } from '../api/device';
import { DeviceHeader } from '../components/DeviceHeader';
import { DEVICE_TABS, type DeviceTabKey } from '../device-tabs';
import { AuditTab } from '../tabs/AuditTab';
import { ContactsTab } from '../tabs/ContactsTab';
import { DeviceLogsTab } from '../tabs/DeviceLogsTab';
import { GapsTab } from '../tabs/GapsTab';
import { GeneralSettingsTab } from '../tabs/GeneralSettingsTab';
import { InformationTab, OverviewTab, TimelineTab } from '../tabs/InformationTab';
import { NotificationsTab } from '../tabs/NotificationsTab';
import { SafeZonesTab } from '../tabs/SafeZonesTab';
import { SettingsTab } from '../tabs/SettingsTab';
import { SmsTab } from '../tabs/SmsTab';
import { SwapTab } from '../tabs/SwapTab';
import { TemperatureTab } from '../tabs/TemperatureTab';
import { TrackingTab } from '../tabs/TrackingTab';
import { DayGate } from '../use-day';

/** The main page for a role that may not open it (§6: 9, 10): the 401 message and a link to its first tab. */
function MainForbidden({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const session = useSession()!;
  const to = devicePath(session.role, deviceId);
  const tab = DEVICE_TABS.find((x) => to.endsWith(`/${x.path}`));
  return (
    <>
      <ForbiddenNote />
      {tab ? (
        <p>
          <Link to={to} data-testid="first-tab-link">
            {t('device.tabs.openFirst', { tab: t(`device.tabs.${tab.key}`) })}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/**
 * What each tab of DEVICE_TABS (contract: path, §6 area, key) shows: declared once here, so a tab's path, area and
 * component cannot drift apart. A day tab names its day route: it opens behind a DayGate (the last day with data).
 */
const TAB_VIEWS: Record<DeviceTabKey, { view: (id: number) => ReactNode; days?: DayRoute }> = {
  infoImsi: { view: (id) => <InformationTab id={id} variant="imsi" /> },
  infoImei: { view: (id) => <InformationTab id={id} variant="imei" /> },
  generalSettings: { view: (id) => <GeneralSettingsTab id={id} /> },
  tracking: { view: (id) => <TrackingTab id={id} />, days: 'locationDays' },
  settings: { view: (id) => <SettingsTab id={id} /> },
  audit: { view: (id) => <AuditTab id={id} /> },
  deviceLogs: { view: (id) => <DeviceLogsTab id={id} /> },
  deviceTemp: { view: (id) => <TemperatureTab id={id} />, days: 'temperatureDays' },
  contacts: { view: (id) => <ContactsTab id={id} /> },
  sms: { view: (id) => <SmsTab id={id} />, days: 'smsDays' },
  gaps: { view: (id) => <GapsTab id={id} />, days: 'communicationDays' },
  swap: { view: (id) => <SwapTab id={id} /> },
  notifications: { view: (id) => <NotificationsTab id={id} />, days: 'notificationDays' },
  safezones: { view: (id) => <SafeZonesTab id={id} />, days: 'safezoneLogDays' },
  timeline: { view: (id) => <TimelineTab id={id} /> },
};

function TabView({ tab, id }: { tab: DeviceTabKey; id: number }) {
  const { view, days } = TAB_VIEWS[tab];
  return days ? (
    <DayGate id={id} route={days}>
      {view(id)}
    </DayGate>
  ) : (
    <>{view(id)}</>
  );
}

const DEVICE_AREAS: Area[] = ['deviceMain', 'deviceTabs', 'deviceImei', 'deviceLogs'];

/**
 * /device/:id/* — the device workspace: header (child name, IMSI, IMEI) and the §2 tabs. Anyone allowed one of the
 * device areas sees the header and the tabs they may open; the main page (index) needs `deviceMain`, each tab its
 * own area (role 9 opens tabs but not the main page: the index shows the §6 message under the tab bar). The day tabs
 * sit in a `DayGate`: without `?date` they open on the last day with data of their kind (their day route).
 */
export function DevicePage() {
  const session = useSession();
  const { id = '' } = useParams();
  if (!session) return null;
  if (!DEVICE_AREAS.some((a) => canAccess(session.role, a))) {
    return (
      <div className="page">
        <ForbiddenNote />
      </div>
    );
  }
  const deviceId = Number(id);
  if (!Number.isSafeInteger(deviceId) || deviceId <= 0) return <Navigate to="/dashboard/search" replace />;
  return <DeviceWorkspace deviceId={deviceId} />;
}

function DeviceWorkspace({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const session = useSession()!;
  const location = useLocation();
  const navigate = useNavigate();
  const route = headerRoute(session.role);
  const header = useDeviceDetails(deviceId, route);
  const main = canAccess(session.role, 'deviceMain');

  // §8: a failed detail load goes to the dashboard search; on the IMSI information tab (§2 "/information/imsi: on
  // load error it goes to the management search") to the IMSI search, whichever of the header's and the tab's
  // calls fails first (the tab redirects the same way)
  const onImsiTab = /\/information\/imsi\/?$/.test(location.pathname);
  useEffect(() => {
    if (header.isError) navigate(onImsiTab ? '/dashboard/search?filter=imsi' : '/dashboard/search', { replace: true });
  }, [header.isError, navigate, onImsiTab]);

  const date = new URLSearchParams(location.search).get('date');
  return (
    <WorkspaceTabs
      base={`/device/${deviceId}`}
      label={t('device.tabs.label')}
      header={<DeviceHeader id={deviceId} device={header.data} />}
      index={{ view: main ? <OverviewTab id={deviceId} /> : <MainForbidden deviceId={deviceId} />, text: main ? t('device.tabs.overview') : undefined }}
      tabs={DEVICE_TABS.map((tab) => ({ path: tab.path, area: tab.area, text: t(`device.tabs.${tab.key}`), view: <TabView tab={tab.key} id={deviceId} /> }))}
      search={date ? `?date=${date}` : ''}
      unknown={t('device.tabs.unknown')}
    />
  );
}
