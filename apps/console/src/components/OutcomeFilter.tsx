import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import './outcomes.css';

/** The label key of a state (every feature's states are keys of `outcomes.state`). */
const stateKey = (s: string): string => `outcomes.state.${s}`;

type Props<S extends string> = {
  /** the states in the order the buttons show them: `failed` first (what an operator looks for first) */
  states: readonly S[];
  value: S;
  onChange: (state: S) => void;
  /** how many devices the shown state holds (undefined while unknown) */
  total: number | undefined;
  /** the CSV of the shown state (a hash, then the download); `exporting` while it runs */
  onExport: () => void;
  exporting: boolean;
};

/**
 * The toolbar of a batch's outcome list (a campaign's devices, a firmware request's, the modem updates'): the state
 * filter as a group of toggle buttons (`outcomes.state.<state>`), the count of the shown state and its CSV.
 */
export function OutcomeFilter<S extends string>({ states, value, onChange, total, onExport, exporting }: Props<S>) {
  const { t } = useTranslation();
  return (
    <div className="outcome-filter">
      <div role="group" aria-label={t('outcomes.show')} className="outcome-filter__states">
        {states.map((s) => (
          <button key={s} type="button" className="btn outcome-filter__state" aria-pressed={s === value} data-state={s} onClick={() => onChange(s)}>
            {t(stateKey(s))}
          </button>
        ))}
      </div>
      <span className="outcome-filter__total muted" data-testid="outcome-total" aria-live="polite">
        {total === undefined ? '' : t('outcomes.total', { count: total })}
      </span>
      <button type="button" className="btn" onClick={onExport} disabled={exporting || !total} data-testid="outcome-export">
        {exporting ? <Spinner inline /> : null} {t('outcomes.export')}
      </button>
    </div>
  );
}
