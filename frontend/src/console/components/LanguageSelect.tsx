import { useTranslation } from '../../i18n/react';
import { CONSOLE_LANGUAGES, LANGUAGE_NAMES, languageFrom, switchLanguage } from '../i18n';

// The console's language, remembered in this browser (localStorage console.lang).
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="cs-language"
      aria-label={t('app.language')}
      value={languageFrom(i18n.language)}
      onChange={(event) => void switchLanguage(i18n, languageFrom(event.target.value))}
    >
      {CONSOLE_LANGUAGES.map((code) => (
        <option key={code} value={code} lang={LANGUAGE_NAMES[code].htmlLang}>
          {LANGUAGE_NAMES[code].label}
        </option>
      ))}
    </select>
  );
}
