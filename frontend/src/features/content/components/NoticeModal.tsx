import { type ReactNode, useState } from 'react';

import { Modal } from '../../../components/Modal';
import { Pagination } from '../../../components/Pagination';
import { SafeHtml } from '../../../components/SafeHtml';
import { useTranslation } from '../../../i18n/react';
import { type Notice, NOTICE_PAGE_SIZE } from '../api';
import { isoOf, noticeDate } from '../dates';

export interface NoticeModalProps {
  open: boolean;
  notices: Notice[];
  // The notice chosen: the modal opens on its page and shows it.
  index: number;
  onClose: () => void;
  footer?: ReactNode;
  testId?: string;
}

// The Notification modal of SPEC §2.5: the notices listed on the left, 9 a page, each by its title; the
// chosen one's title and HTML on the right. It opens on the page and item of the notice chosen: give it a
// new key for each opening (see useNoticeModal), so that closing still plays the modal's exit.
export function NoticeModal({ open, notices, index, onClose, footer, testId = 'notice-modal' }: NoticeModalProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(() => Math.min(Math.max(index, 0), notices.length - 1));
  const [page, setPage] = useState(() => Math.floor(Math.max(selected, 0) / NOTICE_PAGE_SIZE) + 1);
  const totalPages = Math.ceil(notices.length / NOTICE_PAGE_SIZE);
  const first = (page - 1) * NOTICE_PAGE_SIZE;
  const shown = notices[selected];
  return (
    <Modal open={open} title={t('notices.modalTitle')} onClose={onClose} width={880} minHeight={420} testId={testId}>
      <div className="notice-modal">
        <nav className="notice-modal-list" aria-label={t('notices.listLabel')}>
          <ul>
            {notices.slice(first, first + NOTICE_PAGE_SIZE).map((notice, i) => (
              <li key={notice.id}>
                <button
                  type="button"
                  className={first + i === selected ? 'notice-modal-item active' : 'notice-modal-item'}
                  aria-current={first + i === selected ? 'true' : undefined}
                  onClick={() => setSelected(first + i)}
                >
                  {notice.title}
                </button>
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPage={setPage} />
        </nav>
        {shown && (
          <article className="notice-modal-content" aria-live="polite">
            <h3>{shown.title}</h3>
            <p className="notice-date muted">
              <time dateTime={isoOf(shown.date)}>{noticeDate(shown.date)}</time>
            </p>
            <SafeHtml className="rich-text" html={shown.content} testId="notice-content" />
          </article>
        )}
      </div>
      {footer}
    </Modal>
  );
}
