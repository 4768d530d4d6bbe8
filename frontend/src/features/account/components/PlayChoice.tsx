import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';

import { errorText } from '../../../components/errorText';
import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { accountModalAtom } from '../../../state/account';
import { playChoiceAtom } from '../../../state/gameLaunch';
import { switchesAtom } from '../switches';

// A visitor tapped a game: log in, or (where the brand offers free play and the game may be played free)
// play it now with play money, as a trial account; the game then opens.
export function PlayChoice() {
  const { t } = useTranslation();
  const [choice, setChoice] = useAtom(playChoiceAtom);
  const switches = useAtomValue(switchesAtom);
  const setModal = useSetAtom(accountModalAtom);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const freePlay = Boolean(choice?.freePlay && switches.get('FREEPLAY3'));
  const close = () => {
    setChoice(null);
    setProblem(null);
  };
  const login = () => {
    close();
    setModal('login');
  };
  const play = async () => {
    if (!choice) return;
    setBusy(true);
    setProblem(null);
    try {
      const { startFreePlay } = await import('../login');
      await startFreePlay(() => undefined); // the game opens instead of the home page
      close();
      await choice.launch();
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={choice !== null} title={t('games.playChoice.title')} onClose={close} variant="dialog"
      testId="play-choice">
      <p>{t(freePlay ? 'games.playChoice.both' : 'games.playChoice.loginOnly')}</p>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="form-actions">
        <button type="button" className="button" onClick={login}>
          {t('account.login')}
        </button>
        {freePlay && (
          <button type="button" className="button button-ghost" disabled={busy} onClick={() => void play()}>
            {t('account.freePlay')}
          </button>
        )}
      </div>
    </Modal>
  );
}
