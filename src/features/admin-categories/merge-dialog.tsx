import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { AdminCategory, AdminCategoryMergeResult } from '../../../shared/api/admin-categories';
import { runSchema } from '../../../shared/validation/run-schema';
import { categoryMergeSchema } from '../../../shared/validation/admin-categories';
import { ModalDialog } from '../../components/focus/modal-dialog';
import { ApiErrorText } from '../../components/api-error-text';
import { serverFieldErrors } from '../../components/forms/server-errors';
import { useFieldMessage } from '../../components/forms/use-field-message';
import { useAdminMergeCategoryMutation } from './categories-api';

interface MergeDialogProps {
  source: AdminCategory;
  /** The categories it may go into: the same type (and kind); the source itself is refused. */
  group: AdminCategory[];
  onMerged(result: AdminCategoryMergeResult): void;
  onClose(): void;
}

/** "Merge into…": choose the target, see how many items move; the shared rule refuses the category itself. */
export function MergeDialog({ source, group, onMerged, onClose }: MergeDialogProps) {
  const intl = useIntl();
  const headingId = useId();
  const textId = useId();
  const selectId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState<unknown>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const [merge, merging] = useAdminMergeCategoryMutation();
  const shown = useFieldMessage(problem !== undefined, problem, selectId);

  const submit = async () => {
    setFailure(undefined);
    const checked = await runSchema(categoryMergeSchema(source.id), { target_id: target === '' ? undefined : Number(target) });
    if (!checked.ok) {
      setProblem(checked.errors.target_id?.[0]);
      return;
    }
    setProblem(undefined);
    const result = await merge({ type: source.type, id: source.id, target_id: checked.value.target_id });
    if ('error' in result) {
      const fields = serverFieldErrors(result.error);
      if (fields?.target_id) setProblem(fields.target_id);
      else setFailure(result.error);
      return;
    }
    onMerged(result.data);
  };

  return (
    <ModalDialog labelledBy={headingId} describedBy={textId} onClose={onClose} initialFocus={cancel} testId="category-merge-dialog">
      <h2 id={headingId}>{intl.formatMessage({ id: 'admin.categories.mergeDialog.title' }, { name: source.name })}</h2>
      <p id={textId}>{intl.formatMessage({ id: 'admin.categories.mergeDialog.text' }, { name: source.name, count: source.usage })}</p>
      <div className={`form-field${shown.invalid ? ' has-error' : ''}`}>
        <label htmlFor={selectId}>{intl.formatMessage({ id: 'admin.categories.mergeDialog.target' })}</label>
        <select
          id={selectId}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          aria-invalid={shown.invalid ? true : undefined}
          aria-describedby={shown.describedBy}
          data-testid="category-merge-target"
        >
          <option value="">{intl.formatMessage({ id: 'admin.categories.mergeDialog.choose' })}</option>
          {group
            .filter((category) => category.id !== source.id)
            .map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
                {category.name_en ? ` / ${category.name_en}` : ''}
              </option>
            ))}
        </select>
        {shown.message ? (
          <p className="field-error" id={shown.messageId} role="alert">
            {shown.message}
          </p>
        ) : null}
      </div>
      <ApiErrorText error={failure} />
      <div className="form-actions">
        <button type="button" className="button button-danger" disabled={merging.isLoading} onClick={() => void submit()} data-testid="category-merge-confirm">
          {intl.formatMessage({ id: 'admin.categories.mergeDialog.confirm' })}
        </button>
        <button type="button" className="button" ref={cancel} onClick={onClose} data-testid="category-merge-cancel">
          {intl.formatMessage({ id: 'admin.categories.mergeDialog.cancel' })}
        </button>
      </div>
    </ModalDialog>
  );
}
