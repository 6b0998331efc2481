import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ChatSubject } from '../../../shared/api/chats';

/** The order page of the chat's reader: a buyer's own order, or an order to the reader's business. */
export const orderSubjectPath = (subject: Pick<ChatSubject, 'id' | 'viewer'>) =>
  subject.viewer === 'seller' ? `/order/business/${subject.id}` : `/order/${subject.id}`;

/**
 * What a chat is about, as the list and the chat's header show it: a
 * product's, business's or ad's name; an order as "Order #N", which the
 * header (`link`) opens on the reader's side of it.
 */
export function ChatSubjectLabel({ subject, className, link = false }: { subject: ChatSubject | null; className?: string; link?: boolean }) {
  const intl = useIntl();
  if (!subject) return null;
  if (subject.type === 'order') {
    const text = intl.formatMessage({ id: 'chats.ui.orderSubject' }, { id: subject.id });
    return (
      <span className={className} data-testid="chat-subject">
        {link ? <Link to={orderSubjectPath(subject)}>{text}</Link> : text}
      </span>
    );
  }
  if (!subject.name) return null;
  return (
    <span className={className} data-testid="chat-subject">
      {subject.name}
    </span>
  );
}
