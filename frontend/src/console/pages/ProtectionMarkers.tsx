// Player protection, tab "markers": the risk markers the nightly job raises (deposits rising day after day,
// play through the night, a withdrawal reversed to play on), open or reviewed, each with its member, its
// kind and day and what it found, in words. protection.manage reviews an open one with a note; the row then
// shows who reviewed it. A reader sees the same without the button.
import { useCallback, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isSessionProblem } from '../api';
import { Pager } from '../components/content/common';
import { Loading, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import { listMarkers, type Marker, MARKER_STATUSES, type MarkerStatus, NOTE_MAX, PROTECTION_PAGE, reviewMarker } from '../protectionApi';
import { ConsoleError } from '../transport';
import { DetailWords, protectionProblem, TextAction, when } from './ProtectionCommon';

const COLUMNS = ['member', 'kind', 'day', 'detail', 'review'] as const;

function Review({ marker, busy, onReview }: { marker: Marker; busy: boolean; onReview: (note: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const name = { name: marker.username };
  if (!open) {
    return (
      <button
        type="button"
        className="cs-button small"
        disabled={busy}
        aria-label={t('protection.markers.reviewLabel', name)}
        onClick={() => setOpen(true)}
      >
        {t('protection.markers.review')}
      </button>
    );
  }
  return (
    <TextAction
      id={`cs-marker-note-${marker.id}`}
      label={t('protection.markers.note')}
      action={t('protection.markers.confirmReview')}
      formLabel={t('protection.markers.reviewLabel', name)}
      max={NOTE_MAX}
      busy={busy}
      onSend={onReview}
      onCancel={() => setOpen(false)}
      words={{ required: 'protection.markers.noteRequired', long: 'protection.long', hint: 'protection.lengthHint' }}
      tone="primary"
    />
  );
}

export function MarkersTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<MarkerStatus>('OPEN');
  const [pageNo, setPageNo] = useState(1);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const readPage = useCallback(() => listMarkers(status, pageNo, PROTECTION_PAGE), [status, pageNo]);
  const { value: page, setValue, readProblem, load } = useLatestRead(readPage);
  const pages = Math.max(Math.ceil((page?.total ?? 0) / PROTECTION_PAGE), 1);
  const column = (key: string) => t(`protection.markers.columns.${key}`);

  const review = async (marker: Marker, note: string) => {
    setBusyId(marker.id);
    setSaid(null);
    try {
      const row = await reviewMarker(marker.id, note);
      setValue((old) => (old ? { ...old, list: old.list.map((item) => (item.id === marker.id ? { ...item, ...row } : item)) } : old));
      setSaid({ ok: true, text: t('protection.markers.reviewedDone', { name: marker.username }) });
    } catch (error) {
      if (!isSessionProblem(error)) setSaid({ ok: false, text: protectionProblem(t, error) });
      if (error instanceof ConsoleError && (error.status === 404 || error.status === 409)) await load();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-protection-markers" data-testid="protection-markers">
      <h2 id="cs-protection-markers">{t('protection.markers.title')}</h2>
      <p className="cs-muted">{t('protection.markers.intro')}</p>
      <div className="cs-content-grid">
        <Choice<MarkerStatus>
          label={t('protection.markers.status')}
          value={status}
          options={MARKER_STATUSES}
          name={(name) => t(`protection.markers.statuses.${name}`)}
          onPick={(next) => {
            setStatus(next);
            setPageNo(1);
            setSaid(null);
          }}
        />
      </div>
      {said && (
        <p className={said.ok ? 'cs-success' : 'cs-problem'} role={said.ok ? 'status' : 'alert'} data-testid="marker-said">
          {said.text}
        </p>
      )}
      {readProblem !== null && <ReadFailed text={protectionProblem(t, readProblem)} retry={() => void load()} />}
      {page === null ? (
        readProblem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t('protection.markers.empty')}</p>
      ) : (
        <>
          <p className="cs-muted">{t('protection.markers.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('protection.markers.title')}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((key) => (
                    <th key={key} scope="col">
                      {column(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.list.map((marker) => (
                  <tr key={marker.id} data-marker={marker.id}>
                    <td data-label={column('member')}>
                      {marker.username}
                      <span className="cs-muted"> #{marker.memberId}</span>
                    </td>
                    <td data-label={column('kind')} data-cell="kind">
                      {t(`protection.markers.kinds.${marker.kind}`, { defaultValue: marker.kind })}
                      <span className="cs-muted cs-promo-line">
                        {t(`protection.markers.kindHints.${marker.kind}`, { defaultValue: '' })}
                      </span>
                    </td>
                    <td data-label={column('day')}>{marker.day}</td>
                    <td data-label={column('detail')}>
                      <DetailWords detail={marker.detail} />
                    </td>
                    <td data-label={column('review')}>
                      {marker.status === 'OPEN' && manage ? (
                        <Review marker={marker} busy={busyId === marker.id} onReview={(note) => void review(marker, note)} />
                      ) : marker.status === 'OPEN' ? (
                        <span className="cs-badge cs-promo-entry is-claimable">{t('protection.markers.statuses.OPEN')}</span>
                      ) : (
                        <>
                          <span className="cs-badge cs-promo-entry is-issued">{t('protection.markers.statuses.REVIEWED')}</span>
                          <span className="cs-muted cs-promo-line">
                            {t('protection.reviewedBy', { time: when(marker.reviewedAt), staff: marker.reviewedBy ?? '—' })}
                          </span>
                          {marker.note && <p className="cs-application-reason">{marker.note}</p>}
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {pages > 1 && <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />}
    </section>
  );
}
