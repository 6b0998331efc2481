import { useNavigate, useSearchParams } from 'react-router';
import { returnPath } from '../../account/return-path';
import { PageTitle } from '../../components/page-title';
import { CardForm } from './card-form';

const LIST = '/settings/cards';

/** `/settings/cards/add`: after saving, back to `next` (the checkout, with the new card chosen) when it is a path of this site, else to the list. */
export default function CardAddPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <section className="settings-page narrow">
      <PageTitle id="cards.ui.addTitle" />
      <CardForm cancelTo={returnPath(next, LIST)} onSaved={(card) => void navigate(returnPath(next, LIST, { param: 'card', id: card.id }))} />
    </section>
  );
}
