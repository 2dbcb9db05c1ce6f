import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../lib/toast';

/** §8 toasts, top right. Errors are announced assertively, successes politely. */
export function Toasts() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <div className="toasts" data-testid="toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${toast.kind}`}
        >
          <div className="toast__body">
            <strong className="toast__title">{toast.kind === 'error' ? t('toast.error') : t('toast.success')}</strong>
            <p className="toast__message">{toast.message}</p>
            {toast.requestId ? (
              <p className="toast__ref" data-testid="toast-request-id">
                {t('toast.requestId', { id: toast.requestId })}
              </p>
            ) : null}
          </div>
          <button type="button" className="toast__close" aria-label={t('common.dismiss')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
