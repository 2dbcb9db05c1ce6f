import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { canAccess, errorMessage, ErrorCode, type Area } from '@tracker/contract';
import { endSession } from '../lib/api-client';
import { currentLanguage, useFeatureTexts } from '../lib/i18n';
import { ForbiddenNote } from '../components/ForbiddenNote';
import { Spinner } from '../components/Spinner';
import { getSession, isExpired, useSession } from '../lib/session';
import { serverErrorToast } from '../lib/toast';

/**
 * Signed-in routes. No session: to /login (remembering where we were). An expDate in the past ends the session
 * on navigation (§4).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const expired = session !== null && isExpired(session);

  useEffect(() => {
    // getSession(): StrictMode runs this twice in development; end the session (and toast) once
    if (expired && getSession()) {
      endSession();
      serverErrorToast(errorMessage(ErrorCode.SessionExpired, currentLanguage()));
    }
  }, [expired, location.key]);

  // the features' texts come in a chunk of their own, right after the shell's (lib/i18n.ts)
  const texts = useFeatureTexts();
  if (!session || expired) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!texts) return <Spinner />;
  return <Outlet />;
}

/** §8 "Unauthorised route". */
export function Forbidden() {
  return (
    <div className="page">
      <ForbiddenNote />
    </div>
  );
}

/** §6: a route the role may not open shows the 401 message instead of the page. */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const session = useSession();
  if (!session) return null;
  return canAccess(session.role, area) ? <>{children}</> : <Forbidden />;
}
