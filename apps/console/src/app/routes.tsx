import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { IMPORT_KIND_SLUG, MENU, RESET_PREFIX, type Area, type ImportKind, type MenuItem } from '@tracker/contract';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { Spinner } from '../components/Spinner';
import { RequireArea, RequireSession } from './guards';
import { menuLabelKey } from './MainMenu';
import { NotFoundPage } from './NotFoundPage';
import { PendingPage } from './PendingPage';
import { PublicLayout } from './PublicLayout';

/**
 * Only the sign-in page is in the first load (docs/console.md, "Bundle budget"): every other page is its own chunk,
 * fetched when first opened, so the sign-in page does not wait for the device workspace (Leaflet, ECharts), the
 * imports or the search. The layouts show a spinner while a chunk loads (Suspense around their Outlet).
 */
const pageLoaders: (() => Promise<unknown>)[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page component, whatever its props
function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  pageLoaders.push(load);
  return lazy(async () => ({ default: (await load())[name] })) as unknown as M[K];
}
/** Fetches every lazily loaded page (specs call it once, so a page's first render does not wait for its chunk). */
export const preloadPages = () => Promise.all(pageLoaders.map((load) => load()));
const MainLayout = lazyNamed(() => import('./MainLayout'), 'MainLayout');
const EmailPage = lazyNamed(() => import('../features/auth/routes/EmailPage'), 'EmailPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/routes/ResetPasswordPage'), 'ResetPasswordPage');
const DevicePage = lazyNamed(() => import('../features/device/routes/DevicePage'), 'DevicePage');
const HelpUploadPage = lazyNamed(() => import('../features/imports/routes/HelpUploadPage'), 'HelpUploadPage');
const ImportPage = lazyNamed(() => import('../features/imports/routes/ImportPage'), 'ImportPage');
const UploadListPage = lazyNamed(() => import('../features/imports/routes/UploadListPage'), 'UploadListPage');
const OwnerPage = lazyNamed(() => import('../features/owner/routes/OwnerPage'), 'OwnerPage');
const DashboardSearch = lazyNamed(() => import('./DashboardSearch'), 'DashboardSearch');
const TrafficPage = lazyNamed(() => import('../features/traffic/routes/TrafficPage'), 'TrafficPage');
const WhitelistPage = lazyNamed(() => import('../features/whitelist/routes/WhitelistPage'), 'WhitelistPage');
const SendSmsPage = lazyNamed(() => import('../features/sms/routes/SendSmsPage'), 'SendSmsPage');
const UsersPage = lazyNamed(() => import('../features/admin/routes/UsersPage'), 'UsersPage');
const OperatorsPage = lazyNamed(() => import('../features/admin/routes/OperatorsPage'), 'OperatorsPage');
const VoipsPage = lazyNamed(() => import('../features/admin/routes/VoipsPage'), 'VoipsPage');
const GatewaysPage = lazyNamed(() => import('../features/admin/routes/GatewaysPage'), 'GatewaysPage');
const JobsPage = lazyNamed(() => import('../features/admin/routes/JobsPage'), 'JobsPage');
const TranslationsPage = lazyNamed(() => import('../features/admin-data/routes/TranslationsPage'), 'TranslationsPage');
const DefaultSettingsPage = lazyNamed(() => import('../features/admin-data/routes/DefaultSettingsPage'), 'DefaultSettingsPage');
const WifiSearchPage = lazyNamed(() => import('../features/admin-data/routes/WifiSearchPage'), 'WifiSearchPage');
const WifiEditPage = lazyNamed(() => import('../features/admin-data/routes/WifiEditPage'), 'WifiEditPage');
const ActiveDevicesPage = lazyNamed(() => import('../features/reports/routes/ActiveDevicesPage'), 'ActiveDevicesPage');
const DailyReportPage = lazyNamed(() => import('../features/reports/routes/DailyReportPage'), 'DailyReportPage');
const StatsPage = lazyNamed(() => import('../features/stats/routes/StatsPage'), 'StatsPage');
const FirmwareUpgradePage = lazyNamed(() => import('../features/firmware/routes/UpgradePage'), 'UpgradePage');
const FirmwareAddPage = lazyNamed(() => import('../features/firmware/routes/AddBinaryPage'), 'AddBinaryPage');
const FirmwareUploadPage = lazyNamed(() => import('../features/firmware/routes/UploadPage'), 'UploadPage');
const FirmwareBinariesPage = lazyNamed(() => import('../features/firmware/routes/BinariesPage'), 'BinariesPage');
const FirmwareActivityPage = lazyNamed(() => import('../features/firmware/routes/ActivityPage'), 'ActivityPage');
const FirmwareRequestDevicesPage = lazyNamed(() => import('../features/firmware/routes/RequestDevicesPage'), 'RequestDevicesPage');
const ModemUpdatePage = lazyNamed(() => import('../features/modem/routes/ModemUpdatePage'), 'ModemUpdatePage');
const ModemReportPage = lazyNamed(() => import('../features/modem/routes/ModemReportPage'), 'ModemReportPage');
const ModemOutcomesPage = lazyNamed(() => import('../features/modem/routes/ModemOutcomesPage'), 'ModemOutcomesPage');

/** A lazily loaded page: a spinner until its chunk has arrived. */
function loading(element: ReactNode) {
  return <Suspense fallback={<Spinner />}>{element}</Suspense>;
}

function guarded(area: Area, element: ReactNode) {
  return <RequireArea area={area}>{loading(element)}</RequireArea>;
}

/** Menu targets whose screens come with later issues (see docs/console.md, "Pending screens"). */
type Pending = { path: string; area: Area; key: string };
function pendingMenuTargets(items: readonly MenuItem[], out: Pending[] = []): Pending[] {
  for (const item of items) {
    // children first: a parent pointing at its first child's path (Reports -> daily) takes the child's title
    if (item.children) pendingMenuTargets(item.children, out);
    if (item.key === 'dashboard') continue;
    // statistics are one page per type
    const path = item.key === 'stats' ? '/admin/stats/:type' : item.path;
    if (!out.some((p) => p.path === path)) out.push({ path, area: item.area, key: item.key });
  }
  return out;
}
export const PENDING_ROUTES: readonly Pending[] = pendingMenuTargets(MENU);

/** The import screens of §2 (features/imports), all in the `import` area. */
const IMPORT_ROUTES: RouteObject[] = [
  ...(Object.entries(IMPORT_KIND_SLUG) as [ImportKind, string][]).map(([kind, slug]) => ({
    path: `/admin/import/${slug}`,
    element: guarded('import', <ImportPage kind={kind} />),
  })),
  { path: '/admin/upload', element: guarded('import', <UploadListPage />) },
  { path: '/admin/help/upload', element: guarded('import', <HelpUploadPage />) },
];

/** SMS traffic and the carrier whitelist (features/traffic, features/whitelist; docs/sms-traffic.md). */
const TRAFFIC_ROUTES: RouteObject[] = [
  { path: '/admin/traffic', element: guarded('sms', <TrafficPage />) },
  { path: '/carrier-whitelist/search', element: guarded('carrierWhitelist', <WhitelistPage />) },
];

/** Users and the configuration lists (features/admin; docs/administration.md). */
const ADMIN_ROUTES: RouteObject[] = [
  { path: '/admin/users/list', element: guarded('userManagement', <UsersPage />) },
  { path: '/admin/operators', element: guarded('operators', <OperatorsPage />) },
  { path: '/admin/voips', element: guarded('voips', <VoipsPage />) },
  { path: '/admin/gateways', element: guarded('gateways', <GatewaysPage />) },
  { path: '/admin/jobs', element: guarded('admin', <JobsPage />) },
];

/** Translations, default settings and wifi access points (features/admin-data; docs/administration.md). */
const ADMIN_DATA_ROUTES: RouteObject[] = [
  { path: '/admin/translations', element: guarded('translations', <TranslationsPage />) },
  { path: '/admin/defaultSettings', element: guarded('defaultSettings', <DefaultSettingsPage />) },
  { path: '/geolocation/search', element: guarded('geolocation', <WifiSearchPage />) },
  { path: '/geolocation/edit/:mac', element: guarded('geolocation', <WifiEditPage />) },
  { path: '/geolocation/add', element: guarded('geolocation', <WifiEditPage />) },
];

/** Firmware (features/firmware; docs/firmware-modem.md "Firmware"). */
const FIRMWARE_ROUTES: RouteObject[] = [
  { path: '/admin/fup/upgrade', element: guarded('firmware', <FirmwareUpgradePage />) },
  { path: '/admin/fup/upgrade/:id', element: guarded('firmware', <FirmwareRequestDevicesPage />) },
  { path: '/admin/fup/add', element: guarded('firmware', <FirmwareAddPage />) },
  { path: '/admin/fup/upload', element: guarded('firmware', <FirmwareUploadPage />) },
  { path: '/admin/fup/binaries', element: guarded('firmware', <FirmwareBinariesPage />) },
  { path: '/admin/fup/ota_activity', element: guarded('firmware', <FirmwareActivityPage />) },
];

/** The modem update wizard and its reports (features/modem; docs/firmware-modem.md "Modem update"). */
const MODEM_ROUTES: RouteObject[] = [
  { path: '/admin/modem/update', element: guarded('modem', <ModemUpdatePage />) },
  { path: '/admin/modem/report', element: guarded('modem', <ModemReportPage report="done" />) },
  { path: '/admin/modem/reportUpdating', element: guarded('modem', <ModemReportPage report="updating" />) },
  { path: '/admin/modem/reportNotUpdated', element: guarded('modem', <ModemReportPage report="notUpdated" />) },
  { path: '/admin/modem/outcomes', element: guarded('modem', <ModemOutcomesPage />) },
];

/** Built screens that replace a pending menu target. */
const SCREEN_ROUTES: RouteObject[] = [
  ...IMPORT_ROUTES,
  ...TRAFFIC_ROUTES,
  ...ADMIN_ROUTES,
  ...ADMIN_DATA_ROUTES,
  ...FIRMWARE_ROUTES,
  ...MODEM_ROUTES,
  { path: '/admin/sendSMS', element: guarded('sms', <SendSmsPage />) },
  { path: '/admin/stats/:type', element: guarded('stats', <StatsPage />) },
  { path: '/admin/reports/daily', element: guarded('reports', <DailyReportPage />) },
  { path: '/admin/reports/activeDevices', element: guarded('reports', <ActiveDevicesPage />) },
];

/** Menu targets of later issues, still a title-only page. */
export const PENDING_SCREENS: readonly Pending[] = PENDING_ROUTES.filter((p) => !SCREEN_ROUTES.some((r) => r.path === p.path));

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: `/${RESET_PREFIX}/forgotpassword/:uuid`, element: loading(<ResetPasswordPage />) },
      { path: '/email/valid', element: loading(<EmailPage kind="valid" />) },
      { path: '/email/browser', element: loading(<EmailPage kind="browser" />) },
      { path: '/email/invalid', element: loading(<EmailPage kind="invalid" />) },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: loading(<MainLayout />),
        children: [
          { path: '/dashboard', element: <Navigate to="/dashboard/search" replace /> },
          { path: '/dashboard/search', element: guarded('dashboardSearch', <DashboardSearch />) },
          // the device workspace guards itself: its tabs take other areas than the main page (docs/device-workspace.md)
          { path: '/device/:id/*', element: loading(<DevicePage />) },
          { path: '/owner/:id/*', element: guarded('owner', <OwnerPage />) },
          ...SCREEN_ROUTES,
          ...PENDING_SCREENS.map((p) => ({
            path: p.path,
            element: guarded(p.area, <PendingPage titleKey={menuLabelKey(p.key)} />),
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
