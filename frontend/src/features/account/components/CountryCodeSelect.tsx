import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { statusAtom } from '../../../state/atoms';
import { type Country } from '../api';
import { countriesAtom, flagUrl } from '../countries';

export const CLOSE_DELAY_MS = 200; // SPEC §2.6: the dropdown closes 200 ms after blur

interface CountryCodeSelectProps {
  value: string;
  onChange: (dialingCode: string) => void;
}

export function CountryCodeSelect({ value, onChange }: CountryCodeSelectProps) {
  const { t } = useTranslation();
  const countries = useAtomValue(countriesAtom);
  const loadCountries = useSetAtom(countriesAtom);
  const imageHosts = useAtomValue(statusAtom)?.info.imageCDNs ?? [];
  const [open, setOpen] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const current = countries.find((c) => c.countryDialingCode === value) ?? countries[0];
  useEffect(() => {
    void loadCountries().catch(() => undefined);
    return () => clearTimeout(closing.current ?? undefined);
  }, [loadCountries]);
  useEffect(() => {
    if (!value && current) onChange(current.countryDialingCode);
  }, [value, current, onChange]);
  const choose = (country: Country) => {
    onChange(country.countryDialingCode);
    setOpen(false);
  };
  return (
    <div
      className="country-select"
      onBlur={() => {
        closing.current = setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
      }}
      onFocus={() => clearTimeout(closing.current ?? undefined)}
    >
      <button
        type="button"
        className="country-current"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('account.fields.countryCode')}
        onClick={() => setOpen((o) => !o)}
      >
        {current && <img src={flagUrl(current.countryCode, imageHosts)} alt="" width={20} height={15} />}
        <span>{current?.countryDialingCode ?? '+'}</span>
      </button>
      {open && (
        <ul className="country-options" role="listbox" aria-label={t('account.fields.countryCode')}>
          {countries.map((country) => (
            <li key={country.countryCode} role="option" aria-selected={country.countryDialingCode === value}>
              <button type="button" onClick={() => choose(country)}>
                <img src={flagUrl(country.countryCode, imageHosts)} alt="" width={20} height={15} />
                <span>{t(`countries.${country.countryCode}`, { defaultValue: country.countryCode })}</span>
                <span className="muted">{country.countryDialingCode}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
