import { useAtom } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { errorText } from '../../../components/errorText';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { useTranslation } from '../../../i18n/react';
import { isAmount, isPositive } from '../../../lib/money';
import { refreshBalance } from '../../../state/balance';
import { transferStepAtom } from '../../../state/gameLaunch';
import { requestId, walletApi } from '../api';
import { Money } from '../pages/common';

// Before a game on a merchant with a wallet per vendor and no automatic transfer: the game plays from its own
// wallet, so the player moves money into it here (the amount starts at the whole main balance), and the game
// opens. With money in the game's wallet already, they may also play with that.
export function TransferStep() {
  const { t } = useTranslation();
  const [step, setStep] = useAtom(transferStepAtom);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const offer = step?.offer;
  useEffect(() => {
    if (offer) setAmount(offer.mainBalance);
    setProblem(null);
  }, [offer]);
  const close = () => setStep(null);
  const play = async () => {
    if (!step) return;
    close();
    await step.launch();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!offer || !isAmount(amount) || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await walletApi.walletTransfer({ fromVendor: '', toVendor: offer.walletCode, amount: amount.trim(), requestId: requestId() });
      void refreshBalance();
      await play();
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={step !== null} title={t('wallet.transferStep.title')} onClose={close} variant="dialog"
      testId="transfer-step">
      {offer && (
        <form className="mc-form" onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('wallet.transferStep.intro', { wallet: offer.walletName })}</p>
          <dl className="transfer-step-wallets">
            <dt>{t('wallet.mainWallet')}</dt>
            <dd data-testid="transfer-step-main"><Money amount={offer.mainBalance} /></dd>
            <dt>{offer.walletName}</dt>
            <dd data-testid="transfer-step-game"><Money amount={offer.walletBalance} /></dd>
          </dl>
          <FormField label={t('wallet.amount')} value={amount} onValue={setAmount} inputMode="decimal"
            problem={amount && !isAmount(amount) ? { key: 'wallet.errors.amount' } : null} />
          {problem && <p className="form-error" role="alert">{problem}</p>}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy || !isAmount(amount)}>
              {t('wallet.transferStep.submit')}
            </button>
            {isPositive(offer.walletBalance) && (
              <button type="button" className="button button-ghost" disabled={busy} onClick={() => void play()}>
                {t('wallet.transferStep.playWith', { wallet: offer.walletName })}
              </button>
            )}
            <button type="button" className="button button-ghost" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
