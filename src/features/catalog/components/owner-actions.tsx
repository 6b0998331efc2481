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

/** Edit and delete, for the owner of what the page shows; "Promote" (a paid plan) when it is published. */
export function OwnerActions({ editTo, promoteTo, ...deletion }: DeleteButtonProps & { editTo: string; promoteTo?: string }) {
  const intl = useIntl();
  return (
    <>
      <Link className="button" to={editTo} data-testid="edit">
        {intl.formatMessage({ id: 'catalog.ui.edit' })}
      </Link>
      {promoteTo ? (
        <Link className="button" to={promoteTo} data-testid="promote">
          {intl.formatMessage({ id: 'promotion.ui.promote' })}
        </Link>
      ) : null}
      <DeleteButton {...deletion} />
    </>
  );
}
