import type { CannedReplyResource } from '../../../shared/api/support';

/** How many ready answers the picker lists at once. */
export const CANNED_PICKER_SIZE = 8;

/** The `/word` typed just before the caret (at the start or after a space): where it starts and what it says so far. */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)\/([\p{L}\p{N}_-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2].toLowerCase() };
}

/** Shortcuts that start with the query first, then those that contain it in the shortcut or the title. */
export function filterCanned(replies: CannedReplyResource[], query: string): CannedReplyResource[] {
  const q = query.toLowerCase();
  const first = replies.filter((reply) => reply.shortcut.startsWith(q));
  const then = replies.filter((reply) => !reply.shortcut.startsWith(q) && (reply.shortcut.includes(q) || reply.title.toLowerCase().includes(q)));
  return [...first, ...then].slice(0, CANNED_PICKER_SIZE);
}

/** `{имя}` / `{name}` in a ready answer is the agent who sends it. */
export function fillCanned(content: string, agentName: string): string {
  const firstName = agentName.trim().split(/\s+/)[0] ?? '';
  return firstName ? content.replace(/\{(имя|name)\}/giu, firstName) : content;
}

/** The text with the `/word` replaced by the answer, and where the caret goes. */
export function insertCanned(text: string, caret: number, start: number, content: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + content + text.slice(caret), caret: start + content.length };
}
