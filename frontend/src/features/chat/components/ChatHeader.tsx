import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { brandAtom } from '../../../state/atoms';

// The brand's bar at the top of the chat, in its chat header colour, with the close control: a popup
// closes itself, a page opened in the site's tab goes back to where the player came from.
export function ChatHeader() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  const navigate = useNavigate();
  const color = brand?.chatHeaderColor || undefined;
  const close = () => {
    if (window.opener && window.opener !== window) {
      window.close();
      return;
    }
    if (window.history.length > 1) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="chat-header" style={color ? { background: color } : undefined} data-testid="chat-header">
      <div className="chat-header__title">
        <strong>{brand?.name ?? ''}</strong>
        <span>{t('chat.title')}</span>
      </div>
      <button type="button" className="chat-header__close" onClick={close} aria-label={t('chat.closeWindow')}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </header>
  );
}
