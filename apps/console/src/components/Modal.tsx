import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

type ModalProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** buttons row at the bottom */
  footer?: ReactNode;
  /** wide modals hold tables or long lists */
  size?: 'normal' | 'wide';
  /** a hint under the title, announced with it */
  description?: ReactNode;
  /** makes body and footer one form: Enter in a field submits, the footer's submit button belongs to it */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** An accessible modal dialog: focus moves in and is trapped, Escape closes, focus returns to the opener. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <ModalOpen {...props} />;
}

function ModalOpen({ title, onClose, children, footer, size = 'normal', description, onSubmit }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = ref.current;
    if (el) {
      const auto = el.querySelector<HTMLElement>('[autofocus], [data-autofocus]');
      const first = auto ?? el.querySelector<HTMLElement>(`.modal__body ${FOCUSABLE}`) ?? el;
      first.focus();
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => !n.hasAttribute('inert') && !n.hidden);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === ref.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={ref}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
            ×
          </button>
        </header>
        {description ? (
          <p id={descId} className="modal__description">
            {description}
          </p>
        ) : null}
        {onSubmit ? (
          <form className="modal__form" noValidate onSubmit={onSubmit}>
            <div className="modal__body">{children}</div>
            {footer ? <footer className="modal__footer">{footer}</footer> : null}
          </form>
        ) : (
          <>
            <div className="modal__body">{children}</div>
            {footer ? <footer className="modal__footer">{footer}</footer> : null}
          </>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** The footer of a form dialog: Cancel (closes), then the dialog's submit button, disabled while its request runs. */
export function FormFooter({ onCancel, submit, pending = false }: { onCancel: () => void; submit: ReactNode; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {submit}
      </button>
    </>
  );
}

/** The footer of a confirmation dialog: Cancel (closes), then the confirming action, disabled while it runs. */
export function ConfirmFooter({ onCancel, confirm, onConfirm, pending = false }: { onCancel: () => void; confirm: ReactNode; onConfirm: () => void; pending?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="button" className="btn btn--primary" disabled={pending} onClick={onConfirm}>
        {confirm}
      </button>
    </>
  );
}
