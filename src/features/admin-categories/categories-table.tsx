import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { AdminCategory } from '../../../shared/api/admin-categories';
import type { CategoryType } from '../../../shared/api/category-icon-values';
import { CategoryIcon } from '../../components/category-icon';
import { StaffTable, type StaffColumn } from '../../staff/staff-table';

interface CategoriesTableProps {
  caption: string;
  type: CategoryType;
  /** One group in its order: all ad categories, or the business categories of one kind. */
  rows: AdminCategory[];
  onMove(category: AdminCategory, direction: 'up' | 'down'): void;
  onEdit(category: AdminCategory): void;
  onDelete(category: AdminCategory): void;
  onMerge(category: AdminCategory): void;
}

/**
 * The categories in their order (the order is the table's, so no column sorts): move buttons,
 * icon, both names, how many items use each, and its actions. Deleting a used category is
 * disabled, with the reason said beside it (and read with the button).
 */
export function CategoriesTable({ caption, type, rows, onMove, onEdit, onDelete, onMerge }: CategoriesTableProps) {
  const intl = useIntl();
  const hintId = useId();
  const columns: StaffColumn<AdminCategory>[] = [
    {
      label: 'admin.categories.col.order',
      cell: (row) => {
        const at = rows.indexOf(row);
        return (
          <span className="category-move">
            <button type="button" className="button category-move-button" data-move={`up-${row.id}`} disabled={at === 0} onClick={() => onMove(row, 'up')} aria-label={intl.formatMessage({ id: 'admin.categories.moveUp' }, { name: row.name })}>
              ↑
            </button>
            <button
              type="button"
              className="button category-move-button"
              data-move={`down-${row.id}`}
              disabled={at === rows.length - 1}
              onClick={() => onMove(row, 'down')}
              aria-label={intl.formatMessage({ id: 'admin.categories.moveDown' }, { name: row.name })}
            >
              ↓
            </button>
          </span>
        );
      },
    },
    { label: 'admin.categories.col.icon', cell: (row) => <CategoryIcon name={row.icon} /> },
    { label: 'admin.categories.col.name', cell: (row) => <span lang="ru" data-testid="category-row-name">{row.name}</span> },
    { label: 'admin.categories.col.nameEn', cell: (row) => <span lang="en">{row.name_en ?? ''}</span> },
    { label: 'admin.categories.col.usage', cell: (row) => intl.formatMessage({ id: `admin.categories.usage.${type}` }, { count: row.usage }) },
    {
      label: 'admin.categories.col.actions',
      cell: (row) => (
        <span className="category-actions">
          <button type="button" className="button" onClick={() => onEdit(row)} aria-label={intl.formatMessage({ id: 'admin.categories.editLabel' }, { name: row.name })} data-testid={`category-edit-${row.id}`}>
            {intl.formatMessage({ id: 'admin.categories.edit' })}
          </button>
          <button type="button" className="button" onClick={() => onMerge(row)} aria-label={intl.formatMessage({ id: 'admin.categories.mergeLabel' }, { name: row.name })} data-testid={`category-merge-${row.id}`}>
            {intl.formatMessage({ id: 'admin.categories.merge' })}
          </button>
          <button
            type="button"
            className="button"
            disabled={row.usage > 0}
            aria-describedby={row.usage > 0 ? `${hintId}-${row.id}` : undefined}
            onClick={() => onDelete(row)}
            aria-label={intl.formatMessage({ id: 'admin.categories.deleteLabel' }, { name: row.name })}
            data-testid={`category-delete-${row.id}`}
          >
            {intl.formatMessage({ id: 'admin.categories.delete' })}
          </button>
          {row.usage > 0 ? (
            <span className="muted category-hint" id={`${hintId}-${row.id}`}>
              {intl.formatMessage({ id: 'admin.categories.inUseHint' })}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <StaffTable<AdminCategory>
      caption={caption}
      columns={columns}
      rows={rows}
      sort={null}
      dir="asc"
      onSort={() => undefined}
      empty={intl.formatMessage({ id: 'admin.categories.empty' })}
      testId="categories-table"
    />
  );
}
