import { useAtom } from 'jotai';

import { useTranslation } from '../i18n/react';
import { alertAtom } from '../state/alert';
import { Modal } from './Modal';

// One warning dialog with a confirm button (SPEC §8: failed SMS requests, trial accounts).

export function AlertDialog() {
  const { t } = useTranslation();
  const [alert, setAlert] = useAtom(alertAtom);
  const close = () => setAlert(null);
  return (
    <Modal open={alert !== null} title={t('common.notice')} onClose={close} variant="dialog" testId="alert-dialog">
      <p className="alert-message">{alert?.message}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            const next = alert?.onConfirm;
            close();
            next?.();
          }}
        >
          {t(alert?.confirmKey ?? 'common.confirm')}
        </button>
      </div>
    </Modal>
  );
}
