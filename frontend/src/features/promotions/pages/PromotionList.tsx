import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { errorText } from '../../../components/errorText';
import { useTranslation } from '../../../i18n/react';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { type ActionResult, type PromotionCategory, type PromotionList as List, promotionsApi } from '../api';
import { PromotionTile } from '../components/PromotionTile';
import '../promotions.css';
import { usePromotionAction } from '../usePromotionAction';

type Load = { phase: 'loading' } | { phase: 'ready'; value: List } | { phase: 'failed'; error: unknown };

// /promotions (SPEC §2.1): every promotion shown, for visitors too, under tabs: All and each category that
// has one. The list is read whole and the tabs filter it here, so a tab opens at once; ?category=DAILY keeps
// the tab across a reload and the back button. It is read again when the language or the session changes
// (a login gives each card the member's own status and button).
export function PromotionList() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState((previous) => (previous.phase === 'ready' ? previous : { phase: 'loading' }));
    promotionsApi.list(undefined, abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [language, token, reloads]);

  // The answer to a join, claim or check-in carries the card as it is now: it replaces the old one.
  const replace = useCallback((result: ActionResult) => {
    setState((previous) => {
      if (previous.phase !== 'ready') return previous;
      const list = previous.value.list.map((card) => (card.id === result.promotion.id ? result.promotion : card));
      return { phase: 'ready', value: { ...previous.value, list } };
    });
  }, []);
  const { run, busy, outcome } = usePromotionAction(replace);

  if (state.phase === 'failed') {
    return (
      <div className="promo-failed">
        <p className="form-error" role="alert">{errorText(t, state.error)}</p>
        <button type="button" className="button button-ghost" onClick={() => setReloads((n) => n + 1)}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('promotions.loading')}</p>;
  const { list, categories } = state.value;
  if (list.length === 0) return <p className="empty-state">{t('promotions.empty')}</p>;
  const asked = params.get('category') as PromotionCategory | null;
  const current = asked && categories.includes(asked) ? asked : null;
  const shown = current ? list.filter((card) => card.category === current) : list;
  const choose = (category: PromotionCategory | null) => {
    const next = new URLSearchParams(params);
    if (category) next.set('category', category);
    else next.delete('category');
    setParams(next, { replace: true });
  };
  const tabs: (PromotionCategory | null)[] = [null, ...categories];
  return (
    <>
      <div className="tabs promo-tabs" role="tablist" aria-label={t('promotions.tabsLabel')}>
        {tabs.map((category) => {
          const selected = category === current;
          return (
            <button key={category ?? 'ALL'} id={`promo-tab-${category ?? 'ALL'}`} type="button" role="tab" aria-selected={selected} aria-controls="promo-grid"
              className={selected ? 'tab active' : 'tab'} onClick={() => choose(category)}>
              {category ? t(`promotions.categories.${category}`, { defaultValue: t('promotions.categories.OTHER') }) : t('promotions.all')}
            </button>
          );
        })}
      </div>
      <div id="promo-grid" role="tabpanel" aria-labelledby={`promo-tab-${current ?? 'ALL'}`}>
        {shown.length === 0 ? (
          <p className="empty-state">{t('promotions.empty')}</p>
        ) : (
          <ul className="promo-grid" data-testid="promo-grid">
            {shown.map((card) => (
              <PromotionTile key={card.id} card={card} busy={busy === card.id}
                outcome={outcome?.id === card.id ? outcome : null} onAction={() => void run(card)} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
