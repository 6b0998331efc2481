import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector, useAppDispatch } from '../../session/hooks';
import type { CannedReplyResource } from '../../../shared/api/support';
import { NOTE_MAX_LENGTH } from '../../../shared/validation/chats';
import { Composer } from '../../components/chat/composer';
import { apiErrorBody } from '../../services/api';
import { fillCanned, filterCanned, insertCanned, slashQuery } from './canned-match';
import { LockIcon } from './lock-icon';
import { sendReply } from './reply-send';
import { useAddSupportNoteMutation, useCannedRepliesQuery } from './support-console-api';
import { draftChanged, noteDraftChanged, noteModeChanged, selectDraft, selectNoteDraft, selectNoteMode } from './support-console-slice';


const PICKER_ID = 'canned-picker';

/** The reply box (with `/` for ready answers) and, one click away, the private note box. */
export function ReplyBox({ id, agentName }: { id: number; agentName: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const noteMode = useAppSelector(selectNoteMode(id));
  const draft = useAppSelector(selectDraft(id));
  const noteDraft = useAppSelector(selectNoteDraft(id));
  const { data: canned } = useCannedRepliesQuery();
  const [addNote] = useAddSupportNoteMutation();
  const input = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const nextCaret = useRef<number | null>(null);

  const slash = noteMode ? null : slashQuery(draft, caret);
  const matches = slash && canned ? filterCanned(canned, slash.query) : [];
  const pickerOpen = slash !== null && matches.length > 0 && dismissedAt !== slash.start;
  const current = Math.min(active, Math.max(0, matches.length - 1));

  // After an answer went in, the caret goes to its end.
  useLayoutEffect(() => {
    const element = input.current;
    if (nextCaret.current === null || !element) return;
    element.setSelectionRange(nextCaret.current, nextCaret.current);
    setCaret(nextCaret.current);
    nextCaret.current = null;
  }, [draft]);

  const onDraft = (text: string) => {
    setCaret(input.current?.selectionStart ?? text.length);
    setActive(0);
    dispatch(noteMode ? noteDraftChanged({ conversationId: id, text }) : draftChanged({ conversationId: id, text }));
  };

  const choose = (reply: CannedReplyResource) => {
    if (!slash) return;
    const next = insertCanned(draft, caret, slash.start, fillCanned(reply.content, agentName));
    nextCaret.current = next.caret;
    dispatch(draftChanged({ conversationId: id, text: next.text }));
  };

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!pickerOpen) return false;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step) setActive((current + step + matches.length) % matches.length);
    else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') choose(matches[current]);
    else if (event.key === 'Escape') setDismissedAt(slash.start);
    else return false;
    event.preventDefault();
    return true;
  };

  const send = async (content: string, files: File[]) => {
    if (!noteMode) return dispatch(sendReply({ conversationId: id, clientId: crypto.randomUUID(), content, files }));
    const result = await addNote({ id, content });
    if (!('error' in result)) return null;
    return apiErrorBody(result.error) ?? { message: intl.formatMessage({ id: 'common.networkError' }) };
  };

  const mode = (note: boolean) => dispatch(noteModeChanged({ conversationId: id, note }));
  return (
    <div className={`console-reply${noteMode ? ' is-note' : ''}`}>
      <div className="console-mode" role="group" aria-label={intl.formatMessage({ id: 'supportConsole.replyMode' })}>
        <button type="button" className="console-mode-button" aria-pressed={!noteMode} data-testid="mode-reply" onClick={() => mode(false)}>
          {intl.formatMessage({ id: 'supportConsole.modeReply' })}
        </button>
        <button type="button" className="console-mode-button" aria-pressed={noteMode} data-testid="mode-note" onClick={() => mode(true)}>
          <LockIcon />
          {intl.formatMessage({ id: 'supportConsole.modeNote' })}
        </button>
        <span className="muted console-hint">{intl.formatMessage({ id: noteMode ? 'supportConsole.noteHint' : 'supportConsole.cannedHint' })}</span>
      </div>
      <Composer
        key={noteMode ? 'note' : 'reply'}
        onSend={send}
        draft={noteMode ? noteDraft : draft}
        onDraftChange={onDraft}
        onInputKeyDown={onKey}
        inputRef={input}
        allowFiles={!noteMode}
        placeholderId={noteMode ? 'supportConsole.notePlaceholder' : 'supportConsole.replyPlaceholder'}
        sendLabelId={noteMode ? 'supportConsole.addNote' : 'chats.ui.send'}
        inputProps={{
          maxLength: noteMode ? NOTE_MAX_LENGTH : undefined,
          onSelect: (event) => setCaret(event.currentTarget.selectionStart),
          role: noteMode ? undefined : 'combobox',
          'aria-autocomplete': noteMode ? undefined : 'list',
          'aria-expanded': noteMode ? undefined : pickerOpen,
          'aria-controls': pickerOpen ? PICKER_ID : undefined,
          'aria-activedescendant': pickerOpen ? `${PICKER_ID}-${matches[current].id}` : undefined,
        }}
      >
        {pickerOpen ? (
          <ul className="canned-picker" role="listbox" id={PICKER_ID} aria-label={intl.formatMessage({ id: 'supportConsole.cannedList' })} data-testid="canned-picker">
            {matches.map((reply, index) => (
              <li
                key={reply.id}
                id={`${PICKER_ID}-${reply.id}`}
                role="option"
                aria-selected={index === current}
                className={`canned-option${index === current ? ' is-active' : ''}`}
                data-testid="canned-option"
                // Chosen on press, before the text box loses focus.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(reply);
                }}
              >
                <span className="canned-shortcut">/{reply.shortcut}</span>
                <span className="canned-title">{reply.title}</span>
                <span className="canned-preview muted">{reply.content}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </Composer>
    </div>
  );
}
