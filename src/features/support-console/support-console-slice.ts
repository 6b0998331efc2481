import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PendingMessage } from '../../components/chat/chat-message-types';
import type { ApiErrorBody } from '../../services/api';
import { presenceChanged } from '../../realtime/extra-channels';

/** An agent we heard typing in a conversation (from their whisper). */
export interface TypingAgent {
  id: number;
  name: string;
}

export interface ConsoleAgent {
  agentId: number;
  agentName: string;
}

export interface SupportConsoleState {
  /** The console is on screen in this tab, for this agent. */
  agent: ConsoleAgent | null;
  openConversationId: number | null;
  /** Unsent text per conversation: switching conversations keeps each draft. */
  drafts: Record<number, string>;
  /** Unsent private notes per conversation. */
  noteDrafts: Record<number, string>;
  /** Whether the box of each conversation writes a private note instead of a reply. */
  noteMode: Record<number, boolean>;
  typing: Record<number, TypingAgent[]>;
  /** Replies on their way, per conversation ("sending", or "failed" with a retry). */
  pending: Record<number, PendingMessage[]>;
}

const initialState: SupportConsoleState = { agent: null, openConversationId: null, drafts: {}, noteDrafts: {}, noteMode: {}, typing: {}, pending: {} };

const PRESENCE = /^presence-support\.(\d+)$/;

const supportConsoleSlice = createSlice({
  name: 'supportConsole',
  initialState,
  reducers: {
    consoleOpened(state, action: PayloadAction<ConsoleAgent>) {
      state.agent = action.payload;
    },
    consoleClosed(state) {
      state.agent = null;
      state.openConversationId = null;
      state.typing = {};
    },
    conversationOpened(state, action: PayloadAction<number | null>) {
      state.openConversationId = action.payload;
    },
    draftChanged(state, action: PayloadAction<{ conversationId: number; text: string }>) {
      if (action.payload.text) state.drafts[action.payload.conversationId] = action.payload.text;
      else delete state.drafts[action.payload.conversationId];
    },
    noteDraftChanged(state, action: PayloadAction<{ conversationId: number; text: string }>) {
      if (action.payload.text) state.noteDrafts[action.payload.conversationId] = action.payload.text;
      else delete state.noteDrafts[action.payload.conversationId];
    },
    noteModeChanged(state, action: PayloadAction<{ conversationId: number; note: boolean }>) {
      state.noteMode[action.payload.conversationId] = action.payload.note;
    },
    typingHeard(state, action: PayloadAction<{ conversationId: number; agent: TypingAgent }>) {
      const { conversationId, agent } = action.payload;
      const list = (state.typing[conversationId] ??= []);
      if (!list.some((item) => item.id === agent.id)) list.push(agent);
    },
    typingCleared(state, action: PayloadAction<{ conversationId: number; agentId: number }>) {
      const { conversationId, agentId } = action.payload;
      const list = state.typing[conversationId]?.filter((item) => item.id !== agentId) ?? [];
      if (list.length) state.typing[conversationId] = list;
      else delete state.typing[conversationId];
    },
    replyStarted(state, action: PayloadAction<{ conversationId: number; message: Omit<PendingMessage, 'status' | 'error'> }>) {
      const list = (state.pending[action.payload.conversationId] ??= []);
      const known = list.find((item) => item.client_id === action.payload.message.client_id);
      if (known) {
        known.status = 'sending';
        known.error = null;
      } else {
        list.push({ ...action.payload.message, status: 'sending', error: null });
      }
    },
    replyFailed(state, action: PayloadAction<{ conversationId: number; clientId: string; error: ApiErrorBody | null }>) {
      const item = state.pending[action.payload.conversationId]?.find((pending) => pending.client_id === action.payload.clientId);
      if (!item) return;
      item.status = 'failed';
      item.error = action.payload.error;
    },
    /** Stored (it shows in the history now) or refused (its text goes back into the box). */
    replySettled(state, action: PayloadAction<{ conversationId: number; clientId: string }>) {
      const list = state.pending[action.payload.conversationId]?.filter((item) => item.client_id !== action.payload.clientId) ?? [];
      if (list.length) state.pending[action.payload.conversationId] = list;
      else delete state.pending[action.payload.conversationId];
    },
  },
  extraReducers(builder) {
    // Someone who left the conversation is not typing in it any more.
    builder.addCase(presenceChanged, (state, action) => {
      const id = Number(PRESENCE.exec(action.payload.channel)?.[1]);
      if (!id || !state.typing[id]) return;
      const present = new Set(action.payload.members.map((member) => member.id));
      const list = state.typing[id].filter((agent) => present.has(agent.id));
      if (list.length) state.typing[id] = list;
      else delete state.typing[id];
    });
  },
});

export const {
  consoleOpened,
  consoleClosed,
  conversationOpened,
  draftChanged,
  noteDraftChanged,
  noteModeChanged,
  typingHeard,
  typingCleared,
  replyStarted,
  replyFailed,
  replySettled,
} = supportConsoleSlice.actions;
export const supportConsoleReducer = supportConsoleSlice.reducer;

type WithConsole = { supportConsole: SupportConsoleState };
const NONE: never[] = [];
export const selectConsoleAgent = (state: WithConsole) => state.supportConsole.agent;
export const selectOpenConversationId = (state: WithConsole) => state.supportConsole.openConversationId;
export const selectDraft = (id: number) => (state: WithConsole) => state.supportConsole.drafts[id] ?? '';
export const selectNoteDraft = (id: number) => (state: WithConsole) => state.supportConsole.noteDrafts[id] ?? '';
export const selectNoteMode = (id: number) => (state: WithConsole) => state.supportConsole.noteMode[id] ?? false;
export const selectTyping = (id: number) => (state: WithConsole) => state.supportConsole.typing[id] ?? NONE;
export const selectPendingReplies = (id: number) => (state: WithConsole) => state.supportConsole.pending[id] ?? NONE;
