import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AdminCategory } from '../../../shared/api/admin-categories';
import { BUSINESS_KINDS, type BusinessKind } from '../../../shared/api/catalog-values';
import { CATEGORY_TYPES, type CategoryType } from '../../../shared/api/category-icon-values';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { useTableParams } from '../../staff/use-table-params';
import { CategoriesTable } from './categories-table';
import { useAdminCategoriesQuery, useAdminReorderCategoriesMutation } from './categories-api';
import { CategoryForm } from './category-form';
import { DeleteDialog } from './delete-dialog';
import { MergeDialog } from './merge-dialog';
import './admin-categories.css';

/** `/admin/categories` (admins): ad and business categories, their order, names, icons; merge what is used, delete what is not. */
export default function AdminCategoriesPage() {
  return (
    <StaffShell section="categories">
      <Categories />
    </StaffShell>
  );
}

const FILTERS = ['type', 'kind'] as const;

/** One thing open at a time: the form (new or one category's), or a dialog about one category. */
type Open = { kind: 'new' } | { kind: 'edit' | 'delete' | 'merge'; category: AdminCategory } | null;

function Categories() {
  const intl = useIntl();
  const params = useTableParams(FILTERS);
  const type: CategoryType = (CATEGORY_TYPES as readonly string[]).includes(params.filters.type) ? (params.filters.type as CategoryType) : 'ad';
  const kind: BusinessKind = (BUSINESS_KINDS as readonly string[]).includes(params.filters.kind) ? (params.filters.kind as BusinessKind) : 'store';
  const list = useAdminCategoriesQuery(type);
  const [reorder, reordering] = useAdminReorderCategoriesMutation();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState('');
  // After a move the focus stays on the moved row's button (or its other one at an end of the list).
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);
  const table = useRef<HTMLDivElement>(null);

  const group = (list.data ?? []).filter((category) => type === 'ad' || category.kind === kind);

  useEffect(() => {
    if (!focusAfterMove || !table.current) return;
    const button = (direction: string) => table.current!.querySelector<HTMLButtonElement>(`[data-move="${direction}-${focusAfterMove.id}"]`);
    const same = button(focusAfterMove.direction);
    (same && !same.disabled ? same : button(focusAfterMove.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [focusAfterMove, list.data]);

  // The move buttons stay enabled while a move is sent (a disabled button would drop the keyboard's focus); a press meanwhile is ignored.
  const move = async (category: AdminCategory, direction: 'up' | 'down') => {
    if (reordering.isLoading) return;
    const ids = group.map((one) => one.id);
    const from = ids.indexOf(category.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    setFocusAfterMove({ id: category.id, direction });
    const result = await reorder({ type, kind: type === 'business' ? kind : null, ids });
    if (!('error' in result)) setNotice(intl.formatMessage({ id: 'admin.categories.moved' }, { name: category.name, place: to + 1 }));
  };

  const done = (text: string) => {
    setOpen(null);
    setNotice(text);
  };

  const typeName = intl.formatMessage({ id: `admin.categories.type.${type}` });
  return (
    <section className="admin-categories" data-testid="admin-categories">
      <PageTitle id="admin.section.categories" />
      <nav className="admin-categories-tabs" aria-label={intl.formatMessage({ id: 'admin.categories.types' })}>
        <ul>
          {CATEGORY_TYPES.map((one) => (
            <li key={one}>
              <Link to={{ search: one === 'ad' ? '' : `?type=${one}` }} aria-current={one === type ? 'page' : undefined} data-testid={`category-type-${one}`} onClick={() => setOpen(null)}>
                {intl.formatMessage({ id: `admin.categories.type.${one}` })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {type === 'business' ? (
        <nav className="admin-categories-tabs" aria-label={intl.formatMessage({ id: 'admin.categories.kinds' })}>
          <ul>
            {BUSINESS_KINDS.map((one) => (
              <li key={one}>
                <Link to={{ search: `?type=business&kind=${one}` }} aria-current={one === kind ? 'page' : undefined} data-testid={`category-kind-${one}`} onClick={() => setOpen(null)}>
                  {intl.formatMessage({ id: `admin.categories.kind.${one}` })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p className="form-success" role="status" data-testid="category-notice">
        {notice}
      </p>
      {open?.kind === 'new' || open?.kind === 'edit' ? (
        <CategoryForm
          key={open.kind === 'edit' ? open.category.id : `new-${type}-${kind}`}
          type={type}
          kind={kind}
          category={open.kind === 'edit' ? open.category : undefined}
          onSaved={(saved) => done(intl.formatMessage({ id: 'admin.categories.saved' }, { name: saved.name }))}
          onCancel={() => setOpen(null)}
        />
      ) : (
        <button type="button" className="button button-primary" data-testid="category-add" onClick={() => setOpen({ kind: 'new' })}>
          {intl.formatMessage({ id: 'admin.categories.add' })}
        </button>
      )}
      <ApiErrorText error={reordering.error} />
      <div ref={table}>
        {list.isLoading ? (
          <PageLoading />
        ) : !list.data ? (
          <ApiErrorText error={list.error} />
        ) : (
          <CategoriesTable
            caption={intl.formatMessage({ id: 'admin.categories.caption' }, { type: typeName })}
            type={type}
            rows={group}
            onMove={(category, direction) => void move(category, direction)}
            onEdit={(category) => setOpen({ kind: 'edit', category })}
            onDelete={(category) => setOpen({ kind: 'delete', category })}
            onMerge={(category) => setOpen({ kind: 'merge', category })}
          />
        )}
      </div>
      {open?.kind === 'delete' ? (
        <DeleteDialog category={open.category} onClose={() => setOpen(null)} onDeleted={() => done(intl.formatMessage({ id: 'admin.categories.deleted' }, { name: open.category.name }))} />
      ) : null}
      {open?.kind === 'merge' ? (
        <MergeDialog
          source={open.category}
          group={group}
          onClose={() => setOpen(null)}
          onMerged={(result) => done(intl.formatMessage({ id: 'admin.categories.merged' }, { source: open.category.name, target: result.target.name, moved: result.moved }))}
        />
      ) : null}
    </section>
  );
}
