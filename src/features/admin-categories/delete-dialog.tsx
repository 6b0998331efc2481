import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { AdminCategory } from '../../../shared/api/admin-categories';
import { ApiErrorText } from '../../components/api-error-text';
import { ModalDialog } from '../../components/focus/modal-dialog';
import { useAdminDeleteCategoryMutation } from './categories-api';

/** "Delete this category?" for an unused one: the harmless answer has the focus, Escape says no. */
export function DeleteDialog({ category, onDeleted, onClose }: { category: AdminCategory; onDeleted(): void; onClose(): void }) {
  const intl = useIntl();
  const headingId = useId();
  const textId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const [remove, removal] = useAdminDeleteCategoryMutation();
  const confirm = async () => {
    const result = await remove({ type: category.type, id: category.id });
    if (!('error' in result)) onDeleted();
  };
  return (
    <ModalDialog role="alertdialog" labelledBy={headingId} describedBy={textId} onClose={onClose} initialFocus={keep} testId="category-delete-dialog">
      <h2 id={headingId}>{intl.formatMessage({ id: 'admin.categories.deleteDialog.title' }, { name: category.name })}</h2>
      <p id={textId}>{intl.formatMessage({ id: 'admin.categories.deleteDialog.text' })}</p>
      {/* Someone may have filed an item under it meanwhile: the server's 409 says so and offers merging. */}
      <ApiErrorText error={removal.error} />
      <div className="form-actions">
        <button type="button" className="button button-danger" disabled={removal.isLoading} onClick={() => void confirm()} data-testid="category-delete-confirm">
          {intl.formatMessage({ id: 'admin.categories.deleteDialog.yes' })}
        </button>
        <button type="button" className="button" ref={keep} onClick={onClose} data-testid="category-delete-cancel">
          {intl.formatMessage({ id: 'admin.categories.deleteDialog.no' })}
        </button>
      </div>
    </ModalDialog>
  );
}
