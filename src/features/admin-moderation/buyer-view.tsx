import { useIntl } from 'react-intl';
import type { ModerationItem } from '../../../shared/api/admin-moderation';
import { useMoney } from '../../components/money';
import { itemName } from './item-name';

/**
 * The item as a buyer meets it: its card (picture, name, category, price or address) and then
 * what its page says (description in both languages) and every picture. The catalogue's own card
 * components belong to the catalogue feature, so the same fields are drawn here plainly.
 */
export function BuyerView({ item }: { item: ModerationItem }) {
  const intl = useIntl();
  const money = useMoney();
  const picture = item.business?.cover ?? item.business?.logo ?? item.product?.image ?? item.ad?.image ?? null;
  const facts = [
    item.business?.category?.name,
    item.business?.address,
    item.product ? money(item.product.final_price, item.product.currency) : null,
    item.product?.business.name,
    item.ad?.category.name,
    item.ad && item.ad.price !== null ? money(item.ad.price, item.ad.currency) : null,
    item.ad?.location,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <div className="admin-moderation-buyer" data-testid="moderation-buyer-view">
      <h3>{intl.formatMessage({ id: 'admin.moderation.asBuyerSees' })}</h3>
      <article className="admin-moderation-card">
        {picture ? <img src={picture.url} srcSet={picture.srcset} sizes="240px" alt="" width={240} /> : null}
        <div>
          <strong>{itemName(item)}</strong>
          {facts.map((fact) => (
            <p key={fact} className="muted">
              {fact}
            </p>
          ))}
        </div>
      </article>
      <h3>{intl.formatMessage({ id: 'admin.moderation.texts' })}</h3>
      <p className="admin-moderation-text">{item.texts.description}</p>
      <h4>{intl.formatMessage({ id: 'admin.moderation.english' })}</h4>
      {item.texts.name_en || item.texts.description_en ? (
        <>
          <p lang="en">
            <strong>{item.texts.name_en}</strong>
          </p>
          <p className="admin-moderation-text" lang="en">
            {item.texts.description_en}
          </p>
        </>
      ) : (
        <p className="muted">{intl.formatMessage({ id: 'admin.moderation.noEnglish' })}</p>
      )}
      {item.images.length ? (
        <>
          <h3>{intl.formatMessage({ id: 'admin.moderation.pictures' })}</h3>
          <div className="admin-moderation-pictures">
            {item.images.map((url) => (
              <img key={url} src={url} alt="" width={160} />
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}
