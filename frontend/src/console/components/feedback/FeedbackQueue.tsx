// The members' feedback, open or answered, newest first, a page at a time. Each item: who sent it (their
// member page a click away), its category, the words as written (plain text, never HTML), its pictures, and
// the answer or, with feedback.answer, a box to write it. The answer goes to the member as a platform
// message; when someone else was quicker (409 FEEDBACK_ANSWERED) the desk says so and reads the page again.
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { isSessionProblem } from '../../api';
import {
  ANSWER_MAX,
  answerFeedback,
  FEEDBACK_PAGE,
  FEEDBACK_STATUSES,
  type FeedbackItem,
  type FeedbackStatus,
  listFeedback,
  type Page,
} from '../../feedbackApi';
import { Pager, TabRow } from '../content/common';
import { Loading, Problem, ReadFailed } from '../Problem';
import { FeedbackImages } from './FeedbackImages';
import { feedbackProblem, isAnsweredMeanwhile, toIso } from './rules';

interface ItemActions {
  onAnswered: (item: FeedbackItem) => void;
  onStale: () => void; // someone else answered first
}

function AnswerBox({ item, onAnswered, onStale }: ItemActions & { item: FeedbackItem }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const answer = text.trim();
    if (!answer) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onAnswered(await answerFeedback(item.id, answer));
    } catch (error) {
      if (isSessionProblem(error)) return;
      setProblem(feedbackProblem(t, error));
      if (isAnsweredMeanwhile(error)) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="cs-feedback-answer"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('feedback.answerTo', { id: String(item.id) })}
    >
      <div className={missing ? 'cs-field has-problem' : 'cs-field'}>
        <label htmlFor={`${id}-answer`}>{t('feedback.answer')}</label>
        <textarea
          id={`${id}-answer`}
          rows={3}
          value={text}
          maxLength={ANSWER_MAX}
          aria-invalid={missing || undefined}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
            setMissing(false);
          }}
        />
        <p id={`${id}-hint`} className={missing ? 'cs-field-problem' : 'cs-field-hint'}>
          {missing ? t('feedback.answerRequired') : t('feedback.answerHint', { left: String(ANSWER_MAX - text.length) })}
        </p>
      </div>
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('feedback.send')}
        </button>
      </div>
    </form>
  );
}

function Item({ item, mayAnswer, onAnswered, onStale }: ItemActions & { item: FeedbackItem; mayAnswer: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="cs-panel cs-feedback-item" data-feedback={item.id}>
      <div className="cs-feedback-head">
        <Link to={`/members/${item.memberId}`} className="cs-username">
          {item.username}
        </Link>
        <span className="cs-badge cs-feedback-category">
          {t(`feedback.categories.${item.category}`, { defaultValue: item.category })}
        </span>
        <span className={`cs-badge cs-feedback-status is-${item.status.toLowerCase()}`}>
          {t(`feedback.status.${item.status}`)}
        </span>
        <span className="cs-time cs-muted">{dateTime(toIso(item.createdAt))}</span>
      </div>
      <p className="cs-feedback-text">{item.content}</p>
      <FeedbackImages id={item.id} count={item.images} />
      {item.status === 'ANSWERED' ? (
        <div className="cs-feedback-answered">
          <h3>
            {t('feedback.answeredBy', {
              by: item.answeredBy ?? '—',
              at: item.answeredAt ? dateTime(toIso(item.answeredAt)) : '',
            })}
          </h3>
          <p className="cs-feedback-text">{item.answer}</p>
        </div>
      ) : (
        mayAnswer && <AnswerBox item={item} onAnswered={onAnswered} onStale={onStale} />
      )}
    </li>
  );
}

export function FeedbackQueue({ mayAnswer, refresh }: { mayAnswer: boolean; refresh: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>('OPEN');
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<FeedbackItem> | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const latest = useRef(0);

  const load = useCallback(async (wanted: FeedbackStatus, number: number) => {
    const request = ++latest.current;
    setProblem(null);
    try {
      const read = await listFeedback(wanted, number, FEEDBACK_PAGE);
      if (request !== latest.current) return;
      // A page emptied under the desk (items answered elsewhere): the last one there is.
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

  const reload = () => void load(status, pageNo);
  const pages = Math.max(page?.totalPages ?? 1, 1);

  return (
    <div className="cs-content-stack">
      <TabRow<FeedbackStatus>
        label={t('feedback.statusFilter')}
        tabs={FEEDBACK_STATUSES}
        current={status}
        name={(option) => t(`feedback.status.${option}`)}
        onPick={(next) => {
          setStatus(next);
          setPageNo(1);
          setPage(null);
          setNotice(null);
        }}
        idPrefix="cs-feedback-status"
        controls="cs-feedback-list"
      />
      {!mayAnswer && <p className="cs-muted">{t('feedback.readOnly')}</p>}
      {notice &&
        (notice.ok ? (
          <p className="cs-success" role="status">
            {notice.text}
          </p>
        ) : (
          <Problem>{notice.text}</Problem>
        ))}
      <div id="cs-feedback-list" role="tabpanel" aria-labelledby={`cs-feedback-status-${status}`}>
        {problem !== null && <ReadFailed text={feedbackProblem(t, problem)} retry={reload} />}
        {page === null ? (
          problem === null && (
            <Loading />
          )
        ) : page.list.length === 0 ? (
          <p className="cs-muted">{t(status === 'OPEN' ? 'feedback.emptyOpen' : 'feedback.emptyAnswered')}</p>
        ) : (
          <ul className="cs-feedback-list">
            {page.list.map((item) => (
              <Item
                key={item.id}
                item={item}
                mayAnswer={mayAnswer}
                onAnswered={(answered) => {
                  setNotice({ ok: true, text: t('feedback.answered', { username: answered.username }) });
                  // The answered item shows its answer until the page is read again.
                  setPage((old) => old && { ...old, list: old.list.map((row) => (row.id === answered.id ? answered : row)) });
                }}
                onStale={() => {
                  setNotice({ ok: false, text: t('feedback.answeredMeanwhile', { id: String(item.id) }) });
                  reload();
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {pages > 1 && <Pager pageNo={pageNo} pages={pages} onPage={setPageNo} />}
    </div>
  );
}
