import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PageMeta } from '../../shared/api/envelope';
import { Pager } from '../components/pager';
import { TableScroll } from '../components/table-scroll';
import type { SortDirection } from './use-table-params';

export interface StaffColumn<Row> {
  /** The column's message id (its header). */
  label: string;
  /** The server's sort name, when the column sorts. */
  sort?: string;
  cell(row: Row): ReactNode;
}

interface StaffTableProps<Row extends { id: number }> {
  caption: string;
  columns: StaffColumn<Row>[];
  rows: Row[];
  meta?: PageMeta;
  sort: string | null;
  dir: SortDirection;
  onSort(column: string): void;
  /** With a selection, each row has a checkbox (bulk actions act on the chosen ids). */
  selection?: { chosen: ReadonlySet<number>; toggle(id: number): void; toggleAll(ids: number[]): void };
  empty: ReactNode;
  testId?: string;
}

/**
 * The admin area's one table: a caption for screen readers, sortable headers that say their
 * direction (aria-sort), optional row checkboxes for bulk actions, and the pager of the URL.
 */
export function StaffTable<Row extends { id: number }>({ caption, columns, rows, meta, sort, dir, onSort, selection, empty, testId }: StaffTableProps<Row>) {
  const intl = useIntl();
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  const ids = rows.map((row) => row.id);
  const allChosen = selection !== undefined && ids.every((id) => selection.chosen.has(id));
  return (
    <>
      <TableScroll>
        <table className="staff-table" data-testid={testId}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {selection ? (
                <th scope="col">
                  <input type="checkbox" checked={allChosen} onChange={() => selection.toggleAll(ids)} aria-label={intl.formatMessage({ id: 'admin.table.chooseAll' })} />
                </th>
              ) : null}
              {columns.map((column) => {
                const label = intl.formatMessage({ id: column.label });
                const current = column.sort !== undefined && column.sort === sort;
                return (
                  <th key={column.label} scope="col" aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {column.sort ? (
                      <button type="button" onClick={() => onSort(column.sort!)}>
                        {label}
                        {current ? (dir === 'asc' ? ' ↑' : ' ↓') : ''}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {selection ? (
                  <td>
                    <input
                      type="checkbox"
                      checked={selection.chosen.has(row.id)}
                      onChange={() => selection.toggle(row.id)}
                      aria-label={intl.formatMessage({ id: 'admin.table.choose' }, { id: row.id })}
                    />
                  </td>
                ) : null}
                {columns.map((column) => (
                  <td key={column.label}>{column.cell(row)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {meta ? <Pager meta={meta} /> : null}
    </>
  );
}
