import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column, type TableLayout } from './DataTable';
import { OutcomeFilter } from './OutcomeFilter';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** The shown state and page of an outcome list: the first state (`failed`) and page 0 to begin with. */
export function useOutcomeState<S extends string>(states: readonly S[]) {
  const [state, setState] = useState<S>(states[0]!);
  const [page, setPage] = useState(0);
  return {
    states,
    state,
    page,
    setPage,
    /** another state shows its first page */
    select: (s: S) => {
      setState(s);
      setPage(0);
    },
  };
}
export type OutcomeState<S extends string> = ReturnType<typeof useOutcomeState<S>>;

/** What an outcome list's query answers (GET /sms/campaign/devices, /firmware/devices, /modem/devices). */
type OutcomeQuery<T> = {
  data?: { items: T[]; total: number; total_pages: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  refetch: () => unknown;
};

type Props<S extends string, T> = {
  /** the shown state and page (`useOutcomeState`), which the feature's query reads */
  list: OutcomeState<S>;
  /** the page of the shown state */
  query: OutcomeQuery<T>;
  /** the shown state's CSV (a hash, then the download) */
  download: (state: S) => Promise<void>;
  columns: Column<T>[];
  layout: TableLayout;
  rowKey: (row: T, index: number) => string;
  rowProps: (row: T) => Record<`data-${string}`, string>;
  'data-testid': string;
};

/**
 * A batch's outcome list (a campaign's devices, a firmware request's, the modem updates'): the state filter with the
 * count and CSV of the shown state (`OutcomeFilter`), the devices of the page, and the pager. The feature gives the
 * columns and its query; the list keeps the CSV's progress.
 */
export function OutcomeList<S extends string, T>({ list, query: q, download, columns, layout, rowKey, rowProps, 'data-testid': testId }: Props<S, T>) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);

  function exportCsv() {
    setExporting(true);
    download(list.state)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  }

  return (
    <>
      <OutcomeFilter states={list.states} value={list.state} onChange={list.select} total={q.data?.total} onExport={exportCsv} exporting={exporting} />
      <QueryState query={q}>
        <DataTable
          data-testid={testId}
          layout={layout}
          columns={columns}
          rows={q.data?.items}
          rowKey={rowKey}
          rowProps={rowProps}
          loading={q.isFetching && q.isPlaceholderData}
          empty={t('outcomes.empty')}
        />
        <Pager page={list.page} totalPages={q.data?.total_pages ?? 0} onChange={list.setPage} disabled={q.isFetching} />
      </QueryState>
    </>
  );
}

/** The status cell of an outcome list: the outcome's label and, under it, the reason of a failure or refusal. */
export function OutcomeStatus({ className, label, reason }: { className: string; label: ReactNode; reason: ReactNode }) {
  return (
    <>
      <span className={className} data-testid="outcome-status">
        {label}
      </span>
      {reason ? (
        <span className="outcome-reason" data-testid="outcome-reason">
          {reason}
        </span>
      ) : null}
    </>
  );
}
