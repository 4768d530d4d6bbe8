import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';

import { useTranslation } from '../../i18n/react';
import { merchantAtom } from '../store';
import { LanguageSelect } from './LanguageSelect';

// The frame of the screens before the console itself (login, two-factor enrolment): a card in the middle,
// the language switch above it, and what the screen adds at the top right (a log-out button).
export function Frame({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const { t } = useTranslation();
  const merchant = useAtomValue(merchantAtom);
  return (
    <div className="cs-frame">
      <header className="cs-frame-top">
        <span className="cs-brand">
          {t('app.title')}
          <span className="cs-merchant">{t('app.merchant', { code: merchant })}</span>
        </span>
        <span className="cs-frame-tools">
          {aside}
          <LanguageSelect />
        </span>
      </header>
      <main className="cs-card">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
