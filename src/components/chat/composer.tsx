import './chat-parts.css';
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject, type TextareaHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { ATTACHMENT_ACCEPT, MESSAGE_MAX_LENGTH, normalizeMessageText } from '../../../shared/validation/chats';
import type { ApiErrorBody } from '../../services/api';
import { checkFiles } from './attachment-check';

type Problem = { id: string; values?: Record<string, string | number> } | { text: string };

export interface ComposerProps {
  /** Sends the message; resolves with the server's refusal, or null when it went (or waits for a retry). */
  onSend: (content: string, files: File[]) => Promise<ApiErrorBody | null | undefined>;
  disabled?: boolean;
  placeholderId?: string;
  sendLabelId?: string;
  /** False for text-only boxes (private notes). */
  allowFiles?: boolean;
  /** Controlled draft: the owner keeps it (e.g. per conversation) and hears every change. */
  draft?: string;
  onDraftChange?: (draft: string) => void;
  /** Sees each key first; returning true means it used the key (a picker moving its selection). */
  onInputKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** Extra attributes for the text box, e.g. the ARIA of a combobox. */
  inputProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
  className?: string;
  /** Shown above the text box (a suggestion list). */
  children?: ReactNode;
}

function serverProblem(error: ApiErrorBody): Problem {
  const fields = Object.values(error.errors ?? {}).flat();
  return { text: fields[0] ?? error.message };
}

/** The box keeps the draft until the server took it; any refusal puts it back with the reason. */
export function Composer({
  onSend,
  disabled,
  placeholderId = 'chats.ui.placeholder',
  sendLabelId = 'chats.ui.send',
  allowFiles = true,
  draft: controlledDraft,
  onDraftChange,
  onInputKeyDown,
  inputRef,
  inputProps,
  className,
  children,
}: ComposerProps) {
  const intl = useIntl();
  const [ownDraft, setOwnDraft] = useState('');
  const draft = controlledDraft ?? ownDraft;
  // The newest draft, for a refusal that arrives after the person typed on.
  const latestDraft = useRef(draft);
  latestDraft.current = draft;
  const setDraft = (value: string) => {
    latestDraft.current = value;
    if (controlledDraft === undefined) setOwnDraft(value);
    onDraftChange?.(value);
  };
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const content = normalizeMessageText(draft);
    if (!content && files.length === 0) return setProblem({ id: 'chats.errors.empty' });
    if (content.length > MESSAGE_MAX_LENGTH) return setProblem({ id: 'validation.maxLength', values: { max: MESSAGE_MAX_LENGTH } });
    const fileProblem = await checkFiles(files);
    if (fileProblem) return setProblem(fileProblem);
    setProblem(null);
    const sentDraft = draft;
    const sentFiles = files;
    setDraft('');
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
    const refusal = await onSend(content, sentFiles);
    if (refusal) {
      setDraft(latestDraft.current ? latestDraft.current : sentDraft);
      setFiles(sentFiles);
      setProblem(serverProblem(refusal));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onInputKeyDown?.(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const problemText = problem ? ('text' in problem ? problem.text : intl.formatMessage({ id: problem.id }, problem.values)) : null;
  return (
    <form className={`chat-composer${className ? ` ${className}` : ''}`} onSubmit={(event) => void submit(event)}>
      {problemText ? (
        <p className="form-error" role="alert" data-testid="chat-error">
          {problemText}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="chat-composer-files">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}
              <button
                type="button"
                className="link-button"
                aria-label={intl.formatMessage({ id: 'chats.ui.removeFile' }, { name: file.name })}
                onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      <div className="chat-composer-row">
        {allowFiles ? (
          <label className="button chat-attach" title={intl.formatMessage({ id: 'chats.ui.attach' })}>
            <span className="visually-hidden">{intl.formatMessage({ id: 'chats.ui.attach' })}</span>
            <span aria-hidden="true">📎</span>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ATTACHMENT_ACCEPT}
              className="visually-hidden"
              data-testid="chat-file-input"
              disabled={disabled}
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                setFiles((current) => [...current, ...chosen]);
                setProblem(null);
              }}
            />
          </label>
        ) : null}
        <textarea
          {...inputProps}
          ref={inputRef}
          className="chat-composer-input"
          rows={2}
          value={draft}
          disabled={disabled}
          aria-label={intl.formatMessage({ id: placeholderId })}
          placeholder={intl.formatMessage({ id: placeholderId })}
          data-testid="chat-input"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="button button-primary" disabled={disabled} data-testid="chat-send">
          {intl.formatMessage({ id: sendLabelId })}
        </button>
      </div>
    </form>
  );
}
