import { useAtomValue } from 'jotai';

import { useTranslation } from '../../../i18n/react';
import { memberAtom } from '../../../state/account';
import { tokenAtom } from '../../../state/atoms';
import { ChatHeader } from '../components/ChatHeader';
import { ClosedPanel } from '../components/ClosedPanel';
import { Composer } from '../components/Composer';
import { ConversationBar } from '../components/ConversationBar';
import { MessageList } from '../components/MessageList';
import { OfflineForm } from '../components/OfflineForm';
import type { ChatControllerOptions } from '../state';
import { useChat } from '../useChat';
import '../chat.css';

// The chat itself (see ChatPage): the brand's bar, then the screen of the moment — loading, offline (the
// hours and the offline message), the composer of a first message, or the conversation.
export default function ChatScreen(props: { options?: ChatControllerOptions }) {
  const { t } = useTranslation();
  const [state, chat] = useChat(props.options);
  const member = useAtomValue(memberAtom);
  const signedIn = useAtomValue(tokenAtom) !== null;
  const { phase, conversation } = state;

  let body;
  if (phase === 'loading') {
    body = (
      <p className="chat-panel chat-loading" role="status" data-testid="chat-loading">
        {t('chat.loading')}
      </p>
    );
  } else if (phase === 'failed') {
    body = (
      <section className="chat-panel" role="alert" data-testid="chat-failed">
        <p>{t(`chat.errors.${state.error ?? 'NETWORK_ERROR'}`, { defaultValue: t('chat.loadFailed') })}</p>
        <button type="button" className="button" onClick={chat.reload}>
          {t('common.retry')}
        </button>
      </section>
    );
  } else if (phase === 'offline') {
    body = (
      <div className="chat-scroll">
        <OfflineForm hours={state.status?.hours ?? null} member={signedIn} draft={state.offlineDraft} onSend={chat.sendTicket} />
      </div>
    );
  } else if (phase === 'ticketSent') {
    body = (
      <section className="chat-panel" role="status" data-testid="chat-ticket-sent">
        <h2>{t('chat.offline.sentTitle')}</h2>
        <p>{signedIn ? t('chat.offline.sentMember') : t('chat.offline.sent')}</p>
      </section>
    );
  } else if (phase === 'start') {
    body = (
      <>
        <div className="chat-scroll">
          <section className="chat-panel chat-welcome" data-testid="chat-start">
            {state.status?.queue === 'VIP' && <span className="chat-vip">{t('chat.vip')}</span>}
            <h2>{t('chat.welcomeTitle')}</h2>
            <p className="muted">{t('chat.welcome')}</p>
          </section>
        </div>
        <Composer onSend={chat.send} />
      </>
    );
  } else {
    const closed = conversation?.status === 'CLOSED';
    const staffName = conversation?.staff?.name ?? t('chat.agent');
    body = (
      <>
        {!closed && <ConversationBar conversation={conversation} onClose={chat.close} />}
        <MessageList
          messages={state.messages}
          pending={state.pending}
          staffReadSeq={conversation?.staffReadSeq ?? 0}
          staffTyping={state.staffTyping && !closed ? staffName : null}
          onRetry={chat.retry}
          onDiscard={chat.discard}
          onSeen={chat.markRead}
        >
          {closed && conversation && (
            <ClosedPanel
              conversation={conversation}
              justRated={state.justRated}
              email={member?.email ?? ''}
              onRate={chat.rate}
              onTranscript={chat.transcript}
              onNew={chat.newConversation}
            />
          )}
        </MessageList>
        {!closed && (
          <Composer onSend={chat.send} onImage={conversation ? chat.sendImage : undefined} onTyping={chat.typing} />
        )}
      </>
    );
  }

  return (
    <div className="chat-page" data-testid="chat-page" data-phase={phase}>
      <ChatHeader />
      {body}
    </div>
  );
}
