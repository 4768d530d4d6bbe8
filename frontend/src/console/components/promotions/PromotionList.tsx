// The merchant's promotions in the portal's order: each one's kind, title, category, state and window, what
// it costs at most per member, and what it has done so far (entries, payments, the turnover its bonuses
// produced). Everyone who reads it may open a promotion's entries; with promotions.write a promotion can be
// added, changed, paused, resumed or ended (after asking). After a change the list is read again, so that
// it shows what the server stored.
import { useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { listPromotions, type PromotionAdmin, switchPromotion } from '../../promotionsApi';
import { ConfirmAction } from '../ChangeRunner';
import { Loading, Problem, ReadFailed } from '../Problem';
import { titleIn } from '../content/rules';
import { StoredTexts } from '../content/StoredTexts';
import { languageName } from '../content/TextsEditor';
import { costText, promotionProblem, StateBadge, useChange } from './common';
import { EntriesPanel } from './EntriesPanel';
import { RaffleSummary } from './RaffleSummary';
import { PromotionEditor } from './PromotionEditor';
import { switchesFor } from './rules';
import { useLatestRead } from '../useLatestRead';

type Editing = { promotion?: PromotionAdmin } | null;

// A check-in's streak: as many days as it has rewards.
const days = (promotion: PromotionAdmin) => promotion.params.rewards?.length ?? 0;

function Window({ promotion }: { promotion: PromotionAdmin }) {
  const { t } = useTranslation();
  const to = promotion.endsAt ? dateTime(promotion.endsAt) : t('promotions.list.open');
  return (
    <>
      <span className="cs-time">{t('promotions.list.window', { from: dateTime(promotion.startsAt), to })}</span>
      {promotion.endedAt && (
        <span className="cs-muted cs-promo-line">{t('promotions.list.endedAt', { at: dateTime(promotion.endedAt) })}</span>
      )}
    </>
  );
}

function Stats({ promotion }: { promotion: PromotionAdmin }) {
  const { t } = useTranslation();
  const { entries, paid, paidAmount, turnover } = promotion.stats;
  return (
    <dl className="cs-promo-stats">
      <div>
        <dt>{t('promotions.stats.entries')}</dt>
        <dd data-stat="entries">{entries}</dd>
      </div>
      <div>
        <dt>{t('promotions.stats.paid')}</dt>
        <dd data-stat="paid">{paid}</dd>
      </div>
      <div>
        <dt>{t('promotions.stats.paidAmount')}</dt>
        <dd data-stat="paidAmount">{formatMoney(paidAmount)}</dd>
      </div>
      <div>
        <dt>{t('promotions.stats.turnover')}</dt>
        <dd data-stat="turnover">{formatMoney(turnover)}</dd>
      </div>
    </dl>
  );
}

export function PromotionList({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const { value: read, readProblem, load } = useLatestRead(listPromotions);
  const promotions = read?.list ?? null;
  const [editing, setEditing] = useState<Editing>(null);
  const [entriesOf, setEntriesOf] = useState<number | null>(null);
  const [said, setSaid] = useState<string | null>(null);

  const { busy, problem, setProblem, run } = useChange(load);

  const titleOf = (promotion: PromotionAdmin) => titleIn(promotion.texts, i18n.language) || t('promotions.list.untitled');
  const startEditing = (next: Editing) => {
    setSaid(null);
    setProblem(null);
    setEditing(next);
  };
  const flip = (promotion: PromotionAdmin, to: 'pause' | 'resume' | 'end') => {
    setSaid(null);
    void run(() => switchPromotion(promotion.id, to)).then((done) => {
      if (done) setSaid(t(`promotions.list.done.${to}`, { name: titleOf(promotion) }));
    });
  };

  const shownEntries = promotions?.find((promotion) => promotion.id === entriesOf);
  return (
    <div className="cs-content-stack">
      {said && (
        <p className="cs-success" role="status">
          {said}
        </p>
      )}
      {write && editing === null && (
        <div className="cs-actions">
          <button type="button" className="cs-button primary" onClick={() => startEditing({})}>
            {t('promotions.list.add')}
          </button>
        </div>
      )}
      {write && editing !== null && (
        <PromotionEditor
          key={editing.promotion?.id ?? 'new'}
          promotion={editing.promotion}
          title={
            editing.promotion
              ? t('promotions.form.editTitle', { title: titleOf(editing.promotion) })
              : t('promotions.list.add')
          }
          onSaved={(saved) => {
            setEditing(null);
            setSaid(t('promotions.list.saved', { name: titleOf(saved) }));
            void load();
          }}
          onCancel={() => setEditing(null)}
          onStale={() => void load()}
        />
      )}
      {shownEntries && (
        <EntriesPanel
          key={shownEntries.id}
          promotionId={shownEntries.id}
          kind={shownEntries.kind}
          name={titleOf(shownEntries)}
          onClose={() => setEntriesOf(null)}
        />
      )}
      {readProblem !== null && <ReadFailed text={promotionProblem(t, readProblem)} retry={() => void load()} />}
      {promotions === null ? (
        readProblem === null && <Loading />
      ) : promotions.length === 0 ? (
        <p className="cs-muted">{t('promotions.list.empty')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table cs-content-table cs-promo-table">
            <caption className="visually-hidden">{t('promotions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('promotions.list.columns.kind')}</th>
                <th scope="col">{t('promotions.list.columns.title')}</th>
                <th scope="col">{t('promotions.list.columns.category')}</th>
                <th scope="col">{t('promotions.list.columns.state')}</th>
                <th scope="col">{t('promotions.list.columns.window')}</th>
                <th scope="col">{t('promotions.list.columns.cost')}</th>
                <th scope="col">{t('promotions.list.columns.stats')}</th>
                <th scope="col">{t('promotions.list.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((promotion) => {
                const title = titleOf(promotion);
                return (
                  <tr key={promotion.id} data-promotion={promotion.id}>
                    <td data-label={t('promotions.list.columns.kind')}>
                      {t(`promotions.kinds.${promotion.kind}`, { defaultValue: promotion.kind })}
                    </td>
                    <td data-label={t('promotions.list.columns.title')} className="cs-content-title-cell">
                      <span className="cs-content-title">{title}</span>
                      <span className="cs-muted cs-content-langs-line">
                        {Object.keys(promotion.texts).map(languageName).join(' · ')}
                      </span>
                      <StoredTexts texts={promotion.texts} summary={t('promotions.list.showTexts')} />
                      {promotion.kind === 'RAFFLE' && <RaffleSummary promotionId={promotion.id} />}
                    </td>
                    <td data-label={t('promotions.list.columns.category')}>
                      {t(`promotions.categories.${promotion.category}`, { defaultValue: promotion.category })}
                    </td>
                    <td data-label={t('promotions.list.columns.state')}>
                      <StateBadge state={promotion.state} />
                    </td>
                    <td data-label={t('promotions.list.columns.window')}>
                      <Window promotion={promotion} />
                    </td>
                    <td data-label={t('promotions.list.columns.cost')} data-testid="promotion-cost-cell">
                      {costText(t, promotion.kind, promotion.mostPerMember, promotion.params.period, days(promotion))}
                    </td>
                    <td data-label={t('promotions.list.columns.stats')}>
                      <Stats promotion={promotion} />
                    </td>
                    <td data-label={t('promotions.list.columns.actions')} className="cs-row-actions">
                      <span className="cs-buttons">
                        <button
                          type="button"
                          className="cs-button secondary small"
                          aria-label={t('promotions.list.entriesLabel', { name: title })}
                          aria-pressed={entriesOf === promotion.id}
                          onClick={() => setEntriesOf(entriesOf === promotion.id ? null : promotion.id)}
                        >
                          {t('promotions.list.entries')}
                        </button>
                        {write && (
                          <button
                            type="button"
                            className="cs-button secondary small"
                            disabled={busy}
                            aria-label={t('promotions.list.editLabel', { name: title })}
                            onClick={() => startEditing({ promotion })}
                          >
                            {t('promotions.list.edit')}
                          </button>
                        )}
                        {write &&
                          switchesFor(promotion.state).map((to) =>
                            to === 'end' ? (
                              <ConfirmAction
                                key={to}
                                action={t('promotions.list.end')}
                                busy={busy}
                                label={t('promotions.list.endLabel', { name: title })}
                                question={t('promotions.list.confirmEnd', { name: title })}
                                onConfirm={() => flip(promotion, 'end')}
                              />
                            ) : (
                              <button
                                key={to}
                                type="button"
                                className="cs-button secondary small"
                                disabled={busy}
                                aria-label={t(`promotions.list.${to}Label`, { name: title })}
                                onClick={() => flip(promotion, to)}
                              >
                                {t(`promotions.list.${to}`)}
                              </button>
                            ),
                          )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Problem>{problem}</Problem>
    </div>
  );
}
