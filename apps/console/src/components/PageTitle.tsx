import { useEffect, type ReactNode } from 'react';

/** The page's h1, mirrored into the document title. */
export function PageTitle({ children, text, actions }: { children: ReactNode; text: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${text} · Tracker console`;
  }, [text]);
  return (
    <div className="page-title">
      <h1>{children}</h1>
      {actions ? <div className="page-title__actions">{actions}</div> : null}
    </div>
  );
}
