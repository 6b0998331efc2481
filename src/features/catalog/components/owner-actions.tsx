import { useIntl } from 'react-intl';
import { Link } from 'react-router';

interface DeleteButtonProps {
  /** The delete call; its failure is shown by the page. */
  remove: () => Promise<object>;
  busy: boolean;
  onDeleted: () => void;
}

/** Deletes after the person confirms; moves on only when the server agreed. */
export function DeleteButton({ remove, busy, onDeleted }: DeleteButtonProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="button"
      disabled={busy}
      data-testid="delete"
      onClick={async () => {
        if (!window.confirm(intl.formatMessage({ id: 'catalog.ui.confirmDelete' }))) return;
        const result = await remove();
        if (!('error' in result)) onDeleted();
      }}
    >
      {intl.formatMessage({ id: 'catalog.ui.delete' })}
    </button>
  );
}

/** Edit and delete, for the owner of what the page shows. */
export function OwnerActions({ editTo, ...deletion }: DeleteButtonProps & { editTo: string }) {
  const intl = useIntl();
  return (
    <>
      <Link className="button" to={editTo} data-testid="edit">
        {intl.formatMessage({ id: 'catalog.ui.edit' })}
      </Link>
      <DeleteButton {...deletion} />
    </>
  );
}
