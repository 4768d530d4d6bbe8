// The affiliate and agent applications sent from the portal's /join page, by status (new, contacted,
// closed), newest first. With feedback.answer an application moves on to another status; the list is then
// read again. A new application (console:application) re-reads it too.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import {
  type Application,
  APPLICATION_STATUSES,
  type ApplicationStatus,
  FEEDBACK_PAGE,
  listApplications,
  type Page,
  setApplicationStatus,
} from '../../feedbackApi';
import { Pager, TabRow } from '../content/common';
import { Loading, Problem, ReadFailed } from '../Problem';
import { feedbackProblem, toIso } from './rules';

function StatusChange({
  application,
  busy,
  onChange,
}: {
  application: Application;
  busy: boolean;
  onChange: (status: ApplicationStatus) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [next, setNext] = useState<ApplicationStatus>(application.status);
  return (
    <span className="cs-content-inline">
      <label htmlFor={id} className="visually-hidden">
        {t('feedback.applications.statusOf', { name: application.name })}
      </label>
      <select id={id} value={next} onChange={(event) => setNext(event.target.value as ApplicationStatus)}>
        {APPLICATION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`feedback.applications.status.${status}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="cs-button secondary small"
        disabled={busy || next === application.status}
        aria-label={t('feedback.applications.setLabel', { name: application.name })}
        onClick={() => onChange(next)}
      >
        {t('feedback.applications.set')}
      </button>
    </span>
  );
}

export function Applications({ mayChange, refresh }: { mayChange: boolean; refresh: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ApplicationStatus>('NEW');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<Application> | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [changeProblem, setChangeProblem] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (wanted: ApplicationStatus, number: number) => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await listApplications(wanted, number, FEEDBACK_PAGE);
      if (request !== latest.current) return;
      if (read.list.length === 0 && number > 1 && read.totalPages < number) {
        setPageNo(Math.max(read.totalPages, 1));
        return;
      }
      setPage(read);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(error);
    }
  }, []);

  useEffect(() => {
    void load(status, pageNo);
  }, [load, status, pageNo, refresh]);

  const change = async (application: Application, next: ApplicationStatus) => {
    setBusy(true);
    setChangeProblem(null);
    try {
      await setApplicationStatus(application.id, next);
      await load(status, pageNo);
    } catch (error) {
      if (isSessionProblem(error)) return;
      setChangeProblem(feedbackProblem(t, error));
      // Someone else moved it meanwhile (409) or it is gone (404): show the list as it is now.
      await load(status, pageNo);
    } finally {
      setBusy(false);
    }
  };

  const pages = Math.max(page?.totalPages ?? 1, 1);
  return (
    <div className="cs-content-stack">
      <TabRow<ApplicationStatus>
        label={t('feedback.statusFilter')}
        tabs={APPLICATION_STATUSES}
        current={status}
        name={(option) => t(`feedback.applications.status.${option}`)}
        onPick={(next) => {
          setStatus(next);
          setPageNo(1);
          setPage(null);
        }}
        idPrefix="cs-application-status"
        controls="cs-application-list"
      />
      <Problem>{changeProblem}</Problem>
      <div id="cs-application-list" role="tabpanel" aria-labelledby={`cs-application-status-${status}`}>
        {problem !== null && <ReadFailed text={feedbackProblem(t, problem)} retry={() => void load(status, pageNo)} />}
        {page === null ? (
          problem === null && (
            <Loading />
          )
        ) : page.list.length === 0 ? (
          <p className="cs-muted">{t('feedback.applications.empty')}</p>
        ) : (
          <div className="cs-table-wrap">
            <table className="cs-table cs-applications-table">
              <caption className="visually-hidden">{t('feedback.tabs.applications')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('feedback.applications.columns.received')}</th>
                  <th scope="col">{t('feedback.applications.columns.applicant')}</th>
                  <th scope="col">{t('feedback.applications.columns.contact')}</th>
                  <th scope="col">{t('feedback.applications.columns.message')}</th>
                  <th scope="col">{t('feedback.applications.columns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {page.list.map((application) => (
                  <tr key={application.id} data-application={application.id}>
                    <td data-label={t('feedback.applications.columns.received')}>
                      <span className="cs-time">{dateTime(toIso(application.createdAt))}</span>
                    </td>
                    <td data-label={t('feedback.applications.columns.applicant')}>
                      <span className="cs-username">{application.name}</span>
                      <span className="cs-muted cs-content-by">
                        {t(`feedback.applications.kinds.${application.kind}`, { defaultValue: application.kind })}
                        {application.memberId !== null && (
                          <>
                            {' · '}
                            <Link to={`/members/${application.memberId}`}>{application.username ?? application.memberId}</Link>
                          </>
                        )}
                      </span>
                    </td>
                    <td data-label={t('feedback.applications.columns.contact')} className="cs-detail">
                      <span className="cs-muted">
                        {t(`feedback.applications.contactTypes.${application.contactType}`, {
                          defaultValue: application.contactType,
                        })}
                      </span>{' '}
                      {application.contact}
                    </td>
                    <td data-label={t('feedback.applications.columns.message')} className="cs-detail cs-feedback-text">
                      {application.message}
                    </td>
                    <td data-label={t('feedback.applications.columns.status')}>
                      {mayChange ? (
                        <StatusChange
                          key={application.status}
                          application={application}
                          busy={busy}
                          onChange={(next) => void change(application, next)}
                        />
                      ) : (
                        t(`feedback.applications.status.${application.status}`)
                      )}
                      {application.handledBy && (
                        <span className="cs-muted cs-content-by">
                          {t('feedback.applications.handledBy', {
                            by: application.handledBy,
                            at: application.handledAt ? dateTime(toIso(application.handledAt)) : '',
                          })}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {pages > 1 && <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />}
    </div>
  );
}
