import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { errorText } from '../../../components/errorText';
import { Pagination } from '../../../components/Pagination';
import { useTranslation } from '../../../i18n/react';
import { languageAtom, tokenAtom } from '../../../state/atoms';
import { contentApi, type NoticePage } from '../api';
import '../content.css';
import { useNoticeModal } from '../components/useNoticeModal';
import { isoOf, noticeDate } from '../dates';
import { useNoticesVersion } from '../live';

const NoticeModal = lazy(() => import('../components/NoticeModal').then((module) => ({ default: module.NoticeModal })));

type Load = { phase: 'loading' } | { phase: 'ready'; value: NoticePage } | { phase: 'failed'; error: unknown };

// /noticePage: the announcements 9 a page (SPEC §9), newest first as the server orders them; one opens the
// Notification modal on its item. ?page=N keeps the page across a reload and the back button.
export function NoticeList() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const token = useAtomValue(tokenAtom);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [state, setState] = useState<Load>({ phase: 'loading' });
  const modal = useNoticeModal();
  const changed = useNoticesVersion(); // an announcement published or withdrawn while the list is open

  useEffect(() => {
    const abort = new AbortController();
    setState((previous) => (previous.phase === 'ready' ? previous : { phase: 'loading' }));
    contentApi.announcements(page, abort.signal).then(
      (value) => setState({ phase: 'ready', value }),
      (error: unknown) => {
        if (!abort.signal.aborted) setState({ phase: 'failed', error });
      },
    );
    return () => abort.abort();
  }, [page, language, token, changed]);

  const goTo = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    // The layout's scroll manager takes the page back to the top.
    setParams(nextParams);
  };

  if (state.phase === 'failed') return <p className="form-error" role="alert">{errorText(t, state.error)}</p>;
  if (state.phase === 'loading') return <p className="muted" aria-busy="true">{t('notices.loading')}</p>;
  const { list, totalPages, pageNum } = state.value;
  if (list.length === 0) return <p className="empty-state">{t('notices.empty')}</p>;
  return (
    <>
      <ul className="notice-list" data-testid="notice-list">
        {list.map((notice, i) => (
          <li key={notice.id}>
            <button type="button" className="notice-row" onClick={() => modal.show(list, i)}>
              <span className={`notice-type notice-type-${notice.type.toLowerCase()}`}>
                {t(`notices.types.${notice.type}`, { defaultValue: t('notices.types.GENERAL') })}
              </span>
              <span className="notice-row-title">{notice.title}</span>
              <time className="notice-date muted" dateTime={isoOf(notice.date)}>
                {noticeDate(notice.date)}
              </time>
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={pageNum} totalPages={totalPages} onPage={goTo} />
      <Suspense fallback={null}>
        {modal.state && (
          <NoticeModal
            key={modal.state.key}
            open={modal.state.open}
            notices={modal.state.notices}
            index={modal.state.index}
            onClose={modal.close}
          />
        )}
      </Suspense>
    </>
  );
}
