import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AddressResource } from '../../../shared/api/addresses';
import { addressLine } from '../../account/address-line';
import { addressBody, useDeleteAddressMutation, useSavedAddressesQuery, useUpdateAddressMutation } from '../../account/addresses-api';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { AddressDetails } from './address-details';

/** `/settings/address`: the saved addresses, the default first (the server's order) and marked. */
export default function AddressesPage() {
  const intl = useIntl();
  const { data: addresses, isLoading, error } = useSavedAddressesQuery();
  const [updateAddress, updating] = useUpdateAddressMutation();
  const [deleteAddress, deleting] = useDeleteAddressMutation();
  const busy = updating.isLoading || deleting.isLoading;

  if (isLoading) return <PageLoading />;
  if (!addresses) return <ApiErrorText error={error} />;

  const makeDefault = (address: AddressResource) => void updateAddress({ id: address.id, body: addressBody(address, { is_default: true }) });
  // Orders keep the copy they were placed with, so deleting is safe for them; the server moves the default on.
  const remove = (address: AddressResource) => {
    if (window.confirm(intl.formatMessage({ id: 'addresses.ui.confirmDelete' }, { address: addressLine(address) }))) void deleteAddress(address.id);
  };

  return (
    <section className="settings-page narrow">
      <PageTitle id="addresses.ui.title" />
      <p>
        <Link to="/settings/address/add" className="button button-primary" data-testid="add-address">
          {intl.formatMessage({ id: 'addresses.ui.add' })}
        </Link>
      </p>
      {addresses.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'addresses.ui.empty' })}</p> : null}
      <ul className="settings-list" data-testid="address-list">
        {addresses.map((address) => (
          <li key={address.id} className="card" data-testid={`address-${address.id}`}>
            <strong>{addressLine(address)}</strong>
            {address.is_default ? <span className="badge">{intl.formatMessage({ id: 'addresses.ui.default' })}</span> : null}
            <AddressDetails address={address} />
            <div className="form-actions">
              {address.is_default ? null : (
                <button type="button" className="button" onClick={() => makeDefault(address)} disabled={busy}>
                  {intl.formatMessage({ id: 'addresses.ui.makeDefault' })}
                </button>
              )}
              <Link to={`/settings/address/edit/${address.id}`}>{intl.formatMessage({ id: 'addresses.ui.edit' })}</Link>
              <button type="button" className="button" onClick={() => remove(address)} disabled={busy}>
                {intl.formatMessage({ id: 'addresses.ui.delete' })}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ApiErrorText error={updating.error ?? deleting.error} />
    </section>
  );
}
