// The notices of one kind at a time (banners, popups, announcements, promotions, the player marquee), each
// with the state a visitor would find it in now, its window, audience and order. With content.write a
// notice can be added, changed or deleted (after asking); the list is then read again, so that it shows
// what the server stored. Without it the same list, read-only, each text viewable.
import { useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import {
  addNotice,
  changeNotice,
  listNotices,
  type NoticeAdmin,
  type NoticeIn,
  type NoticeKind,
  NOTICE_KINDS,
  removeNotice,
} from '../../contentApi';
import { Loading, Problem, ReadFailed } from '../Problem';
import { NoticeEditor } from './NoticeEditor';
import { contentProblem, StateBadge, TabRow, useChange } from './common';
import { ConfirmAction } from '../ChangeRunner';
import { noticeState, titleIn } from './rules';
import { languageName } from './TextsEditor';
import { useLatestRead } from '../useLatestRead';
import { StoredTexts } from './StoredTexts';

type Editing = { notice?: NoticeAdmin } | null;

function Window({ notice }: { notice: NoticeAdmin }) {
  const { t } = useTranslation();
  if (!notice.startsAt && !notice.endsAt) return <span>{t('content.notices.always')}</span>;
  const from = notice.startsAt ? dateTime(notice.startsAt) : t('content.notices.open');
  const to = notice.endsAt ? dateTime(notice.endsAt) : t('content.notices.open');
  return <span className="cs-time">{t('content.notices.window', { from, to })}</span>;
}

export function NoticesTab({ write }: { write: boolean }) {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<NoticeKind>('BANNER');
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const readKind = useCallback(() => listNotices(kind), [kind]);
  const { value: read, setValue: setRead, readProblem, load } = useLatestRead(readKind);
  // Another kind's list is not shown while this kind's is read.
  useEffect(() => setRead(null), [kind, setRead]);
  const notices = read?.list ?? null;

  const { busy, problem, setProblem, run } = useChange(load);

  const pick = (next: NoticeKind) => {
    setKind(next);
    setEditing(null);
    setSaved(null);
    setProblem(null);
  };

  const save = async (body: NoticeIn) => {
    const id = editing?.notice?.id;
    const done = await run(() => (id === undefined ? addNotice(body) : changeNotice(id, body)));
    if (done) {
      setEditing(null);
      setSaved(t('content.notices.saved'));
    }
  };

  const kindName = t(`content.kinds.${kind}`);
  const now = Date.now();
  return (
    <div className="cs-content-notices">
      <TabRow<NoticeKind>
        label={t('content.notices.kinds')}
        tabs={NOTICE_KINDS}
        current={kind}
        name={(option) => t(`content.kinds.${option}`)}
        onPick={pick}
        idPrefix="cs-notice-kind"
        controls="cs-notice-list"
      />
      <div id="cs-notice-list" role="tabpanel" aria-labelledby={`cs-notice-kind-${kind}`} className="cs-content-stack">
        <p className="cs-lead">{t(`content.kindHints.${kind}`)}</p>
        {saved && (
          <p className="cs-success" role="status">
            {saved}
          </p>
        )}
        {write && editing === null && (
          <div className="cs-actions">
            <button
              type="button"
              className="cs-button primary"
              onClick={() => {
                setSaved(null);
                setProblem(null);
                setEditing({});
              }}
            >
              {t('content.notices.add', { kind: kindName })}
            </button>
          </div>
        )}
        {write && editing !== null && (
          <NoticeEditor
            key={editing.notice?.id ?? 'new'}
            kind={kind}
            notice={editing.notice}
            title={
              editing.notice
                ? t('content.notices.editTitle', { title: titleIn(editing.notice.texts, i18n.language) })
                : t('content.notices.add', { kind: kindName })
            }
            busy={busy}
            problem={problem}
            onSave={(body) => void save(body)}
            onCancel={() => {
              setEditing(null);
              setProblem(null);
            }}
          />
        )}
        {readProblem !== null && <ReadFailed text={contentProblem(t, readProblem)} retry={() => void load()} />}
        {notices === null ? (
          readProblem === null && (
            <Loading />
          )
        ) : notices.length === 0 ? (
          <p className="cs-muted">{t('content.notices.empty', { kind: kindName })}</p>
        ) : (
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{kindName}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('content.notices.columns.title')}</th>
                  <th scope="col">{t('content.notices.columns.state')}</th>
                  <th scope="col">{t('content.notices.columns.window')}</th>
                  <th scope="col">{t('content.notices.columns.audience')}</th>
                  <th scope="col">{t('content.notices.columns.order')}</th>
                  {write && <th scope="col">{t('content.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {notices.map((notice) => {
                  const title = titleIn(notice.texts, i18n.language);
                  return (
                    <tr key={notice.id} data-notice={notice.id}>
                      <td data-label={t('content.notices.columns.title')} className="cs-content-title-cell">
                        <span className="cs-content-title">{title}</span>
                        <span className="cs-muted cs-content-langs-line">
                          {Object.keys(notice.texts).map(languageName).join(' · ')}
                          {notice.kind === 'ANNOUNCEMENT' && notice.announcementType
                            ? ` · ${t(`content.announcementTypes.${notice.announcementType}`, {
                                defaultValue: notice.announcementType,
                              })}`
                            : ''}
                          {` · ${t(`content.platforms.${notice.platform}`)}`}
                        </span>
                        <StoredTexts texts={notice.texts} summary={t('content.notices.showTexts')} />
                      </td>
                      <td data-label={t('content.notices.columns.state')}>
                        <StateBadge state={noticeState(notice, now)} />
                      </td>
                      <td data-label={t('content.notices.columns.window')}>
                        <Window notice={notice} />
                      </td>
                      <td data-label={t('content.notices.columns.audience')}>
                        {t(`content.audiences.${notice.audience}`)}
                        {notice.audience === 'RANKS' && ` (${notice.ranks.join(', ')})`}
                      </td>
                      <td data-label={t('content.notices.columns.order')}>{notice.sortOrder}</td>
                      {write && (
                        <td data-label={t('content.actions')} className="cs-row-actions">
                          <span className="cs-buttons">
                            <button
                              type="button"
                              className="cs-button secondary small"
                              disabled={busy}
                              aria-label={t('content.editLabel', { name: title })}
                              onClick={() => {
                                setSaved(null);
                                setProblem(null);
                                setEditing({ notice });
                              }}
                            >
                              {t('content.edit')}
                            </button>
                            <ConfirmAction
                              action={t('content.delete')}
                              busy={busy}
                              label={t('content.deleteLabel', { name: title })}
                              question={t('content.notices.confirmDelete', { name: title })}
                              onConfirm={() =>
                                void run(() => removeNotice(notice.id)).then((done) => {
                                  if (done) setSaved(t('content.notices.deleted'));
                                  if (done && editing?.notice?.id === notice.id) setEditing(null);
                                })
                              }
                            />
                          </span>
                        </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {editing === null && <Problem>{problem}</Problem>}
      </div>
    </div>
  );
}
