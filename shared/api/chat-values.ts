/** Chats the chat list shows a page (the SPA asks for it; the page of /chats comes with it). */
export const CHATS_PER_PAGE = 50;
