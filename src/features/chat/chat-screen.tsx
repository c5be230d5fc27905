import { useRef } from 'react';
import { Screen } from '@/components/screen/screen';
import { useSignedInUser } from '@/lib/session';
import { ChatComposer } from './components/chat-composer';
import { ChatLog } from './components/chat-log';
import { ChatModeBar } from './components/chat-mode-bar';
import { useChatConversation } from './components/use-chat-conversation';
import type { ChatAgent } from './model/chat-state';
import { CHAT_TEXT } from './model/messages';
import './chat.css';

/**
 * The Chat tab: a local simulation of a virtual assistant and a human agent that echo the user's
 * messages. Nothing is sent to any server.
 */
export function ChatView() {
  const user = useSignedInUser();
  const chat = useChatConversation(user.supabase_id);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const switchMode = (to: ChatAgent) => {
    chat.switchMode(to);
    // The pressed button becomes disabled; the message box is where the user goes next.
    inputRef.current?.focus();
  };

  return (
    <Screen className="chat" titleId="chat-title" title={CHAT_TEXT.tabTitle}>
      <div className="chat-panel">
        <ChatModeBar mode={chat.state.mode} onSwitch={switchMode} />
        <ChatLog messages={chat.state.messages} />
        <ChatComposer draft={chat.state.draft} onDraft={chat.editDraft} onSend={chat.send} inputRef={inputRef} />
      </div>
    </Screen>
  );
}
