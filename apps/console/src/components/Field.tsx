import { useTranslation } from 'react-i18next';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type FieldShell = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** the label is read by screen readers only (a compact control in a toolbar) */
  hideLabel?: boolean;
  /** the small control of toolbars and headers */
  compact?: boolean;
  /** beside the label, outside it (a label may hold no button): a help tooltip (`HelpTip`) */
  help?: ReactNode;
};
type ControlProps = { id: string; className: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };

type Shell = FieldShell & { className?: string | undefined };

/** A field's own props (label, hint, error, ...) apart from its control's. */
function splitShell<P extends Shell>({ label, error, hint, hideLabel, compact, help, className, ...control }: P) {
  return { shell: { label, error, hint, hideLabel, compact, help, className }, control };
}

/** Label, control, hint and error of one field; the hint and error are tied to the control (aria-describedby / aria-invalid). */
function FieldFrame({ shell, control }: { shell: Shell; control: (props: ControlProps) => ReactNode }) {
  const { label, error, hint, hideLabel, compact, help, className } = shell;
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const labelElement = (
    <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'field__label'}>
      {label}
    </label>
  );
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      {help ? (
        <div className="field__head">
          {labelElement}
          {help}
        </div>
      ) : (
        labelElement
      )}
      {control({
        id,
        className: compact ? 'input input--compact' : 'input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and error. */
export function TextField({ ref, ...props }: FieldShell & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { shell, control: input } = splitShell(props);
  return <FieldFrame shell={shell} control={(p) => <input ref={ref} {...p} {...input} />} />;
}

/** A labelled select with its hint and error. */
export function SelectField(props: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const {
    shell,
    control: { children, ...select },
  } = splitShell(props);
  return (
    <FieldFrame
      shell={shell}
      control={(p) => (
        <select {...p} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A labelled multi-line input with its hint and error. */
export function TextAreaField(props: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { shell, control: area } = splitShell(props);
  return <FieldFrame shell={shell} control={(p) => <textarea {...p} {...area} />} />;
}

/** A labelled text input of at most `maxLength` characters, its hint counting them ("12 / 160 characters"). */
export function CountedTextField({ maxLength, value, ...field }: FieldShell & InputHTMLAttributes<HTMLInputElement> & { maxLength: number; value: string }) {
  const { t } = useTranslation();
  return <TextField {...field} value={value} maxLength={maxLength} hint={t('common.charCount', { n: value.length, max: maxLength })} />;
}

/** A page form's submit row (a dialog's is `FormFooter`): the submit button, disabled while the form is sent. */
export function FormActions({ submit, pending = false, primary = false }: { submit: ReactNode; pending?: boolean; primary?: boolean }) {
  return (
    <div className="form-actions">
      <button type="submit" className={primary ? 'btn btn--primary' : 'btn'} disabled={pending}>
        {submit}
      </button>
    </div>
  );
}
