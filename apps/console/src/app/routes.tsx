import type { ReactNode } from 'react';
import { Navigate, useSearchParams, type RouteObject } from 'react-router';
import { IMPORT_KIND_SLUG, MENU, RESET_PREFIX, type Area, type ImportKind, type MenuItem } from '@tracker/contract';
import { EmailPage } from '../features/auth/routes/EmailPage';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { ResetPasswordPage } from '../features/auth/routes/ResetPasswordPage';
import { DevicePage } from '../features/device/routes/DevicePage';
import { HelpUploadPage } from '../features/imports/routes/HelpUploadPage';
import { ImportPage } from '../features/imports/routes/ImportPage';
import { UploadListPage } from '../features/imports/routes/UploadListPage';
import { OwnerPage } from '../features/owner/routes/OwnerPage';
import { AddUserButton } from '../features/owners-add/components/AddUserButton';
import { SearchPage } from '../features/search/routes/SearchPage';
import { searchStateToParams } from '../features/search/search-params';
import { RequireArea, RequireSession } from './guards';
import { MainLayout } from './MainLayout';
import { menuLabelKey } from './MainMenu';
import { NotFoundPage } from './NotFoundPage';
import { PendingPage } from './PendingPage';
import { PublicLayout } from './PublicLayout';

/** The dashboard: the search page with the add-user button; a new owner is shown by searching their e-mail. */
function DashboardSearch() {
  const [, setParams] = useSearchParams();
  return (
    <SearchPage
      actions={<AddUserButton onCreated={({ email }) => setParams(searchStateToParams({ filter: 'email', query: email, page: 0 }))} />}
    />
  );
}

function guarded(area: Area, element: ReactNode) {
  return <RequireArea area={area}>{element}</RequireArea>;
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

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: `/${RESET_PREFIX}/forgotpassword/:uuid`, element: <ResetPasswordPage /> },
      { path: '/email/valid', element: <EmailPage kind="valid" /> },
      { path: '/email/browser', element: <EmailPage kind="browser" /> },
      { path: '/email/invalid', element: <EmailPage kind="invalid" /> },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { path: '/dashboard', element: <Navigate to="/dashboard/search" replace /> },
          { path: '/dashboard/search', element: guarded('dashboardSearch', <DashboardSearch />) },
          // the device workspace guards itself: its tabs take other areas than the main page (docs/device-workspace.md)
          { path: '/device/:id/*', element: <DevicePage /> },
          { path: '/owner/:id/*', element: guarded('owner', <OwnerPage />) },
          ...IMPORT_ROUTES,
          ...PENDING_ROUTES.filter((p) => !IMPORT_ROUTES.some((r) => r.path === p.path)).map((p) => ({
            path: p.path,
            element: guarded(p.area, <PendingPage titleKey={menuLabelKey(p.key)} />),
          })),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
