import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { HeaderAccount } from '../../features/account/components/HeaderAccount';
import { useTranslation } from '../../i18n/react';
import { HeaderRank } from './HeaderRank';

interface HeaderTopProps {
  navToggle: { open: boolean; toggle: () => void } | null;
}

export function HeaderTop({ navToggle }: HeaderTopProps) {
  const { t } = useTranslation();
  return (
    <div className="header-top">
      <div className="container header-top-row">
        <LanguageSwitcher />
        {navToggle && (
          <button
            type="button"
            className="button button-ghost"
            aria-expanded={navToggle.open}
            onClick={navToggle.toggle}
          >
            {navToggle.open ? t('header.hideNav') : t('header.showNav')}
          </button>
        )}
        <HeaderRank.Component />
        <HeaderAccount />
      </div>
    </div>
  );
}
