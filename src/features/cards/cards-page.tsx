import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CardResource } from '../../../shared/api/cards';
import { useDeleteCardMutation, useSavedCardsQuery } from '../../account/cards-api';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { cardLine } from './card-line';

/**
 * `/settings/cards`: the saved cards. The first usable card is the one the
 * checkout offers first, so it is marked as the default (cards have no flag
 * of their own); an expired card is shown, marked, and can only be deleted.
 */
export default function CardsPage() {
  const intl = useIntl();
  const { data: cards, isLoading, error } = useSavedCardsQuery();
  const [deleteCard, deleting] = useDeleteCardMutation();

  if (isLoading) return <PageLoading />;
  if (!cards) return <ApiErrorText error={error} />;

  const defaultId = cards.find((card) => !card.is_expired)?.id;
  // Orders paid with the card keep its brand and last four digits.
  const remove = (card: CardResource) => {
    if (window.confirm(intl.formatMessage({ id: 'cards.ui.confirmDelete' }, { card: cardLine(intl, card) }))) void deleteCard(card.id);
  };

  return (
    <section className="settings-page narrow">
      <PageTitle id="cards.ui.title" />
      <p>
        <Link to="/settings/cards/add" className="button button-primary" data-testid="add-card">
          {intl.formatMessage({ id: 'cards.ui.add' })}
        </Link>
      </p>
      {cards.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'cards.ui.empty' })}</p> : null}
      <ul className="settings-list" data-testid="card-list">
        {cards.map((card) => (
          <li key={card.id} className="card" data-testid={`card-${card.id}`}>
            <strong>{cardLine(intl, card)}</strong>
            {card.id === defaultId ? <span className="badge">{intl.formatMessage({ id: 'cards.ui.default' })}</span> : null}
            {card.is_expired ? <span className="badge">{intl.formatMessage({ id: 'cards.ui.expired' })}</span> : null}
            {card.holder ? <span className="muted">{card.holder}</span> : null}
            <div className="form-actions">
              <button type="button" className="button" onClick={() => remove(card)} disabled={deleting.isLoading}>
                {intl.formatMessage({ id: 'cards.ui.delete' })}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ApiErrorText error={deleting.error} />
    </section>
  );
}
