// Player protection, tab "kyc": the members' identity submissions of one status (those waiting first), a page
// at a time, each with its document type, when it came, its pictures (served behind the staff token: fetched
// as blobs and shown through object URLs, revoked when the row goes) and its decision. protection.manage
// approves one waiting, or rejects it with a reason of 1 to 500 characters (the member is told the reason);
// the row then shows the answer. A reader sees the same without the buttons. A refusal is said in the
// console's words; a submission someone else decided meanwhile reads the page again.
import { useCallback, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { isSessionProblem } from '../api';
import { Pager } from '../components/content/common';
import { FetchedPictures } from '../components/FetchedPictures';
import { Loading, ReadFailed } from '../components/Problem';
import { Choice } from '../components/promotions/common';
import { useLatestRead } from '../components/useLatestRead';
import {
  approveKyc,
  fetchKycDocument,
  KYC_STATUSES,
  type KycSide,
  type KycStatus,
  type KycSubmission,
  listKyc,
  PROTECTION_PAGE,
  REASON_MAX,
  rejectKyc,
} from '../protectionApi';
import { ConsoleError } from '../transport';
import { KycBadge, protectionProblem, TextAction, when } from './ProtectionCommon';

const COLUMNS = ['member', 'document', 'submitted', 'pictures', 'decision'] as const;

function KycPictures({ submission }: { submission: KycSubmission }) {
  const { t } = useTranslation();
  const sides = submission.sides.join(',');
  // Picture n is the submission's n-th side; the same function as long as the sides are the same.
  const fetchPicture = useCallback(
    (id: number, n: number, signal?: AbortSignal) => fetchKycDocument(id, sides.split(',')[n] as KycSide, signal),
    [sides],
  );
  const document = t(`protection.documentTypes.${submission.documentType}`, { defaultValue: submission.documentType });
  return (
    <FetchedPictures
      id={submission.id}
      count={submission.sides.length}
      fetchPicture={fetchPicture}
      label={t('protection.kyc.pictures', { name: submission.username })}
      alt={(n) =>
        t('protection.kyc.picture', {
          side: t(`protection.sides.${submission.sides[n]}`, { defaultValue: submission.sides[n] }),
          name: submission.username,
          document,
        })
      }
      failed={t('protection.kyc.pictureFailed')}
    />
  );
}

// Approve, or reject with a reason typed in place.
function Decision({
  submission,
  busy,
  onAct,
}: {
  submission: KycSubmission;
  busy: boolean;
  onAct: (act: () => Promise<KycSubmission>, done: string) => void;
}) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const name = { name: submission.username };
  if (rejecting) {
    return (
      <TextAction
        id={`cs-kyc-reason-${submission.id}`}
        label={t('protection.kyc.reason')}
        action={t('protection.kyc.confirmReject')}
        formLabel={t('protection.kyc.rejectLabel', name)}
        max={REASON_MAX}
        busy={busy}
        onSend={(reason) => onAct(() => rejectKyc(submission.id, reason), t('protection.kyc.rejectedDone', name))}
        onCancel={() => setRejecting(false)}
        words={{ required: 'protection.kyc.reasonRequired', long: 'protection.long', hint: 'protection.lengthHint' }}
      />
    );
  }
  return (
    <span className="cs-buttons">
      <button
        type="button"
        className="cs-button small"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={t('protection.kyc.approveLabel', name)}
        onClick={() => onAct(() => approveKyc(submission.id), t('protection.kyc.approvedDone', name))}
      >
        {t('protection.kyc.approve')}
      </button>
      <button
        type="button"
        className="cs-button secondary small"
        disabled={busy}
        aria-label={t('protection.kyc.rejectLabel', name)}
        onClick={() => setRejecting(true)}
      >
        {t('protection.kyc.reject')}
      </button>
    </span>
  );
}

function Outcome({ submission }: { submission: KycSubmission }) {
  const { t } = useTranslation();
  return (
    <>
      <KycBadge status={submission.status} />
      {submission.reviewedAt !== null && (
        <span className="cs-muted cs-promo-line">
          {t('protection.reviewedBy', { time: when(submission.reviewedAt), staff: submission.reviewedBy ?? '—' })}
        </span>
      )}
      {submission.reason && <p className="cs-application-reason">{submission.reason}</p>}
    </>
  );
}

export function KycTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<KycStatus>('PENDING');
  const [pageNo, setPageNo] = useState(1);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const readPage = useCallback(() => listKyc(status, pageNo, PROTECTION_PAGE), [status, pageNo]);
  const { value: page, setValue, readProblem, load } = useLatestRead(readPage);
  const pages = Math.max(Math.ceil((page?.total ?? 0) / PROTECTION_PAGE), 1);
  const column = (key: string) => t(`protection.kyc.columns.${key}`);

  // The row shows the server's answer in place; a submission decided (409) or gone (404) meanwhile reads the
  // page again.
  const act = (id: number) => async (work: () => Promise<KycSubmission>, done: string) => {
    setBusyId(id);
    setSaid(null);
    try {
      const row = await work();
      setValue((old) => (old ? { ...old, list: old.list.map((item) => (item.id === id ? { ...item, ...row } : item)) } : old));
      setSaid({ ok: true, text: done });
    } catch (error) {
      if (!isSessionProblem(error)) setSaid({ ok: false, text: protectionProblem(t, error) });
      if (error instanceof ConsoleError && (error.status === 404 || error.status === 409)) await load();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-protection-kyc" data-testid="protection-kyc">
      <h2 id="cs-protection-kyc">{t('protection.kyc.title')}</h2>
      <p className="cs-muted">{t('protection.kyc.intro')}</p>
      <div className="cs-content-grid">
        <Choice<KycStatus>
          label={t('protection.kyc.status')}
          value={status}
          options={KYC_STATUSES}
          name={(name) => t(`protection.kycStatuses.${name}`)}
          onPick={(next) => {
            setStatus(next);
            setPageNo(1);
            setSaid(null);
          }}
        />
      </div>
      {said && (
        <p className={said.ok ? 'cs-success' : 'cs-problem'} role={said.ok ? 'status' : 'alert'} data-testid="kyc-said">
          {said.text}
        </p>
      )}
      {readProblem !== null && <ReadFailed text={protectionProblem(t, readProblem)} retry={() => void load()} />}
      {page === null ? (
        readProblem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t('protection.kyc.empty')}</p>
      ) : (
        <>
          <p className="cs-muted">{t('protection.kyc.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('protection.kyc.title')}</caption>
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
                {page.list.map((submission) => (
                  <tr key={submission.id} data-submission={submission.id}>
                    <td data-label={column('member')}>
                      {submission.username}
                      <span className="cs-muted"> #{submission.memberId}</span>
                    </td>
                    <td data-label={column('document')}>
                      {t(`protection.documentTypes.${submission.documentType}`, { defaultValue: submission.documentType })}
                    </td>
                    <td data-label={column('submitted')}>
                      <span className="cs-time">{when(submission.submittedAt)}</span>
                    </td>
                    <td data-label={column('pictures')}>
                      <KycPictures submission={submission} />
                    </td>
                    <td data-label={column('decision')}>
                      {submission.status === 'PENDING' && manage ? (
                        <Decision submission={submission} busy={busyId === submission.id} onAct={(work, done) => void act(submission.id)(work, done)} />
                      ) : (
                        <Outcome submission={submission} />
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
