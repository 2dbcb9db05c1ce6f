import { useTranslation } from 'react-i18next';
import { PAGER_MAX_SIZE } from '@tracker/contract';

type PagerProps = {
  /** zero-based */
  page: number;
  totalPages: number;
  /** more pages exist beyond totalPages (the server stops counting past what the pager can reach) */
  more?: boolean;
  onChange: (page: number) => void;
  disabled?: boolean;
};

/** The page buttons to show: at most PAGER_MAX_SIZE, the current one as central as possible. */
export function pageWindow(page: number, totalPages: number, max: number = PAGER_MAX_SIZE): number[] {
  if (totalPages <= 0) return [];
  const start = Math.max(0, Math.min(page - Math.floor(max / 2), totalPages - max));
  const end = Math.min(totalPages - 1, start + max - 1);
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}

/** Previous / up to five page buttons / next, with a "more" hint when the count stopped early. */
export function Pager({ page, totalPages, more = false, onChange, disabled = false }: PagerProps) {
  const { t } = useTranslation();
  if (totalPages <= 1 && !more) return null;
  const pages = pageWindow(page, totalPages);
  const last = pages[pages.length - 1] ?? 0;
  const hasNext = page < totalPages - 1 || more;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="pager__btn" disabled={disabled || page <= 0} onClick={() => onChange(page - 1)}>
        <span aria-hidden="true">‹ </span>
        {t('pager.previous')}
      </button>
      <ul className="pager__pages">
        {pages.map((p) => (
          <li key={p}>
            <button
              type="button"
              className="pager__btn pager__page"
              aria-label={t('pager.page', { n: p + 1 })}
              aria-current={p === page ? 'page' : undefined}
              disabled={disabled}
              onClick={() => p !== page && onChange(p)}
            >
              {p + 1}
            </button>
          </li>
        ))}
        {more || last < totalPages - 1 ? (
          <li className="pager__more" title={t('pager.more')}>
            <span aria-hidden="true">…</span>
            <span className="visually-hidden">{t('pager.more')}</span>
          </li>
        ) : null}
      </ul>
      <button type="button" className="pager__btn" disabled={disabled || !hasNext} onClick={() => onChange(page + 1)}>
        {t('pager.next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
