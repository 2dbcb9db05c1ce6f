import type { ComponentProps, ReactNode } from 'react';
import { DataTable, type Column } from '../../../components/DataTable';
import { QueryState } from '../../../components/QueryState';
import { UnsavedChangesPrompt } from '../../../components/UnsavedChangesPrompt';
import { EditorActions } from './EditorActions';

type Props<T> = {
  heading: ReactNode;
  /** the toolbar's buttons (Add, ...) */
  tools: ReactNode;
  /** the list's query (loading and error states) */
  query: ComponentProps<typeof QueryState>['query'];
  /** the list's rows once loaded (undefined before) */
  rows: readonly T[] | undefined;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** the open row (its row is marked selected) */
  selected: (row: T) => boolean;
  empty: string;
  tableTestId: string;
  /** under the list: a pager, a status table */
  under?: ReactNode;
  /** the open row's editor: its label, heading and fields; null when no row is open */
  editor: { label: string; title: ReactNode; fields: ReactNode } | null;
  /** `useListEditor().actions` with the remove button's label and the save button's test id */
  actions: ComponentProps<typeof EditorActions>;
  /** a map beside the list (the editor then sits under the list), else the editor sits beside it */
  map?: ReactNode;
  /** §6 read-only role (role 9, area `ownerEdit`): the open row's fields are shown disabled, without save or remove */
  readOnly?: boolean;
  /** the navigation guard (§2): `useListEditor().dirty` and `.save` */
  dirty: boolean;
  save: () => Promise<boolean>;
};

/**
 * The frame of a list-with-editor tab (the owner's contacts, safe zones, wifi access points; state and wiring in
 * `useListEditor`): heading and tools, the list with the open row marked, the open row's editor with its actions, an
 * optional map, and the navigation guard.
 */
export function ListEditorTab<T>(p: Props<T>) {
  const editor = p.editor ? (
    <section className="dw-section" aria-label={p.editor.label}>
      <h3>{p.editor.title}</h3>
      {p.readOnly ? (
        <fieldset disabled data-testid="editor-read-only" style={{ border: 0, margin: 0, padding: 0 }}>
          {p.editor.fields}
        </fieldset>
      ) : (
        <>
          {p.editor.fields}
          <EditorActions {...p.actions} />
        </>
      )}
    </section>
  ) : null;
  return (
    <div>
      <div className="dw-toolbar">
        <h2>{p.heading}</h2>
        {p.tools}
      </div>
      <QueryState query={p.query}>
        {p.rows ? (
          // the list takes the whole width until there is something beside it (a map, an open editor)
          <div className={p.map || editor ? 'dw-split' : undefined}>
            <div>
              <DataTable
                data-testid={p.tableTestId}
                columns={p.columns}
                rows={p.rows}
                rowKey={p.rowKey}
                empty={p.empty}
                // beside an editor or a map the list has half the width: its cells wrap rather than hide their ends
                layout="wrap"
                rowProps={(r) => ({ className: p.selected(r) ? 'dw-row--selected' : undefined })}
              />
              {p.under}
              {p.map ? editor : null}
            </div>
            {p.map ?? editor}
          </div>
        ) : null}
      </QueryState>
      <UnsavedChangesPrompt when={p.dirty} onSave={p.save} />
    </div>
  );
}
