import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AddressBody } from '../../../shared/api/addresses';
import { useAddAddressMutation, useSavedAddressesQuery, useUpdateAddressMutation } from '../../account/addresses-api';
import { returnPath } from '../../account/return-path';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { AddressForm } from './address-form';
import { addressValues, emptyAddress } from '../../account/address-values';

const LIST = '/settings/address';

/**
 * `/settings/address/add` and `/settings/address/edit/:id`. After saving it
 * goes back to `next` when that is a path of this site (the checkout, with
 * the new address chosen), else to the list.
 */
export default function AddressFormPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const next = params.get('next');
  const editing = id !== undefined;
  // There is no GET of one address: the list is small and usually cached already.
  const { data: addresses, isLoading, error } = useSavedAddressesQuery(undefined, { skip: !editing });
  const [addAddress] = useAddAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();
  const cancelTo = returnPath(next, LIST);

  if (editing && isLoading) return <PageLoading />;
  if (editing && !addresses) return <ApiErrorText error={error} />;
  const address = editing ? addresses?.find((a) => String(a.id) === id) : undefined;
  if (editing && !address) {
    return (
      <section className="settings-page narrow">
        <PageTitle id="addresses.ui.editTitle" />
        <p role="alert">{intl.formatMessage({ id: 'addresses.ui.notFound' })}</p>
        <Link to={LIST}>{intl.formatMessage({ id: 'addresses.ui.backToList' })}</Link>
      </section>
    );
  }

  const save = async (body: AddressBody) => {
    if (address) {
      await updateAddress({ id: address.id, body }).unwrap();
      void navigate(returnPath(next, LIST));
    } else {
      const created = await addAddress(body).unwrap();
      void navigate(returnPath(next, LIST, { param: 'address', id: created.id }));
    }
  };

  return (
    <section className="settings-page narrow">
      <PageTitle id={address ? 'addresses.ui.editTitle' : 'addresses.ui.addTitle'} />
      <AddressForm key={address?.id ?? 'new'} initialValues={address ? addressValues(address) : emptyAddress} isDefault={!!address?.is_default} save={save} cancelTo={cancelTo} />
    </section>
  );
}
