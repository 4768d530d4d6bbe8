import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';

import { PasswordLoginForm } from '../../features/account/components/PasswordLoginForm';
import { useTranslation } from '../../i18n/react';
import { tokenAtom } from '../../state/atoms';

// /login: where the loginedToHomePage guard sends visitors (SPEC §2.1).
export default function LoginPage() {
  const { t } = useTranslation();
  const token = useAtomValue(tokenAtom);
  if (token) return <Navigate to="/" replace />;
  return (
    <section className="page container narrow">
      <h1 className="page-title">{t('pages.login.title')}</h1>
      <p className="page-intro">{t('pages.login.intro')}</p>
      <div className="card">
        <PasswordLoginForm />
      </div>
    </section>
  );
}
