import './chat-parts.css';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../session/hooks';
import type { AttachmentResource } from '../../../shared/api/chats';
import { appConfig } from '../../services/app-config';

/** The store's session, read by shape (as the API base does): shared parts do not reach into features. */
const selectToken = (state: { auth: { token: string | null } }) => state.auth.token;

/** Attachments answer only with the member's bearer token, so they are fetched and shown through a blob URL. */
function useAttachmentUrl(url: string): { src: string | null; failed: boolean } {
  const token = useAppSelector(selectToken);
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    let src: string | null = null;
    let cancelled = false;
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const apiKey = appConfig().apiKey;
    if (apiKey) headers['x-api-key'] = apiKey;
    fetch(`${appConfig().apiUrl}${url}`, { headers })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        if (cancelled) return;
        src = URL.createObjectURL(blob);
        setState({ src, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (src) URL.revokeObjectURL(src);
    };
  }, [url, token]);
  return state;
}

export function AttachmentView({ attachment }: { attachment: AttachmentResource }) {
  const intl = useIntl();
  const { src, failed } = useAttachmentUrl(attachment.url);
  const size = intl.formatNumber(attachment.size / 1024, { maximumFractionDigits: 0 });
  if (failed) return <span className="chat-attachment muted">{intl.formatMessage({ id: 'chats.ui.attachmentFailed' }, { name: attachment.name })}</span>;
  if (attachment.mime.startsWith('image/')) {
    return src ? (
      <a className="chat-attachment" href={src} target="_blank" rel="noreferrer" data-testid="chat-attachment">
        <img src={src} alt={attachment.name} width={attachment.width ?? undefined} height={attachment.height ?? undefined} />
      </a>
    ) : (
      <span className="chat-attachment skeleton" aria-busy="true" />
    );
  }
  return (
    <a className="chat-attachment chat-file" href={src ?? undefined} download={attachment.name} data-testid="chat-attachment">
      {intl.formatMessage({ id: 'chats.ui.file' }, { name: attachment.name, size })}
    </a>
  );
}
