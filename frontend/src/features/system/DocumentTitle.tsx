import { useAtomValue } from 'jotai';
import { useEffect } from 'react';

import { useTranslation } from '../../i18n/react';
import { brandAtom } from '../../state/atoms';

// The tab's title: "<page> · <brand>" in the reader's language (the separator and order are the locale's:
// brandTheme.pageTitle), the brand alone on the home page (no titleKey). titleKey is any i18n key that
// names a page, usually the one the page shows as its heading.
export function DocumentTitle({ titleKey }: { titleKey?: string | null }) {
  const { t } = useTranslation();
  const brand = useAtomValue(brandAtom)?.name ?? '';
  const page = titleKey ? t(titleKey) : '';
  const title = page && brand ? t('brandTheme.pageTitle', { page, brand }) : page || brand;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
