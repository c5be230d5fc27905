import { ChatView } from './chat-screen';

/** The Chat tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function ChatTab() {
  return <ChatView />;
}
