import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Route, Routes, useLocation } from 'react-router';
import { canAccess, type Area } from '@tracker/contract';
import { useSession } from '../lib/session';
import { ForbiddenNote } from './ForbiddenNote';
import { Spinner } from './Spinner';

/** A workspace tab the role may not open shows the 401 message under the tab bar. */
function TabGuard({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return canAccess(session.role, area) ? <>{children}</> : <ForbiddenNote />;
}

/** One tab of a workspace: its path under the workspace, its §6 area, its link text and what it shows. */
export type WorkspaceTab = { path: string; area: Area; text: string; view: ReactNode };

type Props = {
  /** the workspace's path (`/device/12`, `/owner/7`) */
  base: string;
  /** the name of the tab bar (a navigation landmark) */
  label: string;
  /** above the tab bar: the device's header, the owner's title */
  header: ReactNode;
  tabs: readonly WorkspaceTab[];
  /** the workspace's own path; with `text` it has a tab link of its own (the device's overview) */
  index: { view: ReactNode; text?: string };
  /** a query the tab links keep (the device's `?date=`) */
  search?: string;
  /** what an unknown tab path shows */
  unknown: string;
};

/**
 * The frame of a workspace (the device's, the owner's): the link back to the search it was opened from, the header,
 * the tab bar with the tabs the role may open (each link keeps the location state, so the back link keeps working)
 * and the open tab, each guarded by its own area (a tab opened by its address without the area shows the 401
 * message). Tabs may be lazy: the body waits for them with a spinner.
 */
export function WorkspaceTabs({ base, label, header, tabs, index, search = '', unknown }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (!session) return null;
  const from = (location.state as { from?: string } | null)?.from ?? '';
  const shown = tabs.filter((tab) => canAccess(session.role, tab.area));
  return (
    <div className="page dw">
      <p className="back-link">
        <Link to={`/dashboard/search${from}`}>{t('common.backToSearch')}</Link>
      </p>
      {header}
      <nav className="dw-tabs" aria-label={label}>
        <ul>
          {index.text ? (
            <li>
              <NavLink to={`${base}${search}`} end state={location.state} className="dw-tabs__link">
                {index.text}
              </NavLink>
            </li>
          ) : null}
          {shown.map((tab) => (
            <li key={tab.path}>
              <NavLink to={`${base}/${tab.path}${search}`} state={location.state} className="dw-tabs__link">
                {tab.text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="dw-body">
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={index.view} />
            {tabs.map((tab) => (
              <Route key={tab.path} path={tab.path} element={<TabGuard area={tab.area}>{tab.view}</TabGuard>} />
            ))}
            <Route path="*" element={<p role="alert">{unknown}</p>} />
          </Routes>
        </Suspense>
      </section>
    </div>
  );
}
