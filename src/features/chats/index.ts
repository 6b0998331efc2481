/** What other features may use of chats: the conversation view and the "write" button. */
export { ChatView } from './chat-view';
export { StartChatButton } from './start-chat-button';
export { useSupportChatQuery } from './chats-api';
