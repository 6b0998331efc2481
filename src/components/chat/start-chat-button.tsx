import { Suspense, useState } from 'react';
import { lazyNamed } from '../lazy-named';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import { Link, useLocation, useNavigate } from 'react-router';
import { apiErrorBody } from '../../services/api';
import { selectIsSignedIn, selectUserId } from '../../session/session-slice';
import { chatSendApi, newClientId, type ChatSubjectRef } from './chat-send-api';
import { outboxFiles } from '../../services/outbox-files';
import './chat-parts.css';

// The composer (and the validation library it brings) loads when someone starts to write, not with every
// product, store and ad page; pointing at or focusing the button starts the download.
const loadComposer = () => import(/* webpackChunkName: "chat-composer" */ './composer');
const Composer = lazyNamed(loadComposer, 'Composer');

export interface StartChatButtonProps {
  recipientId: number;
  /** The product, business or ad the chat is about, shown in the chat list. */
  subject?: ChatSubjectRef;
}

/** "Write a message" on a product, business or user page: the first message starts (or continues) the chat. */
export function StartChatButton({ recipientId, subject }: StartChatButtonProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAppSelector(selectIsSignedIn);
  const userId = useAppSelector(selectUserId);
  const [open, setOpen] = useState(false);
  const [send] = chatSendApi.useSendMessageMutation();
  if (userId === recipientId) return null;
  if (!signedIn) {
    return (
      // Back to this page after signing in, to write from where they were.
      <Link to={`/auth?next=${encodeURIComponent(location.pathname + location.search)}`} className="button">
        {intl.formatMessage({ id: 'chats.ui.write' })}
      </Link>
    );
  }
  if (!open) {
    return (
      <button type="button" className="button button-primary" onPointerEnter={loadComposer} onFocus={loadComposer} onClick={() => setOpen(true)} data-testid="start-chat">
        {intl.formatMessage({ id: 'chats.ui.write' })}
      </button>
    );
  }
  return (
    <div className="start-chat">
      <Suspense fallback={null}>
        <Composer
          onSend={async (content, files) => {
            const clientId = newClientId();
            outboxFiles.set(clientId, files);
            const result = await send({ kind: 'direct', recipientId, subject, clientId, content });
            outboxFiles.delete(clientId);
            if ('data' in result && result.data) {
              void navigate(`/chats/${result.data.chat_id}`);
              return null;
            }
            // Nothing is on screen yet to retry from, so every failure goes back into the box.
            return apiErrorBody(result.error) ?? { message: intl.formatMessage({ id: 'common.networkError' }) };
          }}
        />
      </Suspense>
    </div>
  );
}
