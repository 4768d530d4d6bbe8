import { useAtomValue } from 'jotai';

import { changeLanguage } from '../i18n';
import { languagesFor } from '../i18n/languages';
import { useTranslation } from '../i18n/react';
import { brandAtom, languageAtom } from '../state/atoms';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom);
  const current = useAtomValue(languageAtom);
  const languages = languagesFor(brand?.supportedLanguages ?? ['EN']);
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t('header.language')}</span>
      <select
        aria-label={t('header.language')}
        value={current}
        onChange={(event) => void changeLanguage(event.target.value)}
      >
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {language.label}
          </option>
        ))}
      </select>
    </label>
  );
}
