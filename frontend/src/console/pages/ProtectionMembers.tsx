// Player protection, tab "members": the members with any limit, an exclusion, a KYC submission or an open
// risk marker, a page at a time, found by username; each row says how many limits they set, their
// exclusion (its kind and until when, or "permanent"), their KYC status and their open markers, and opens
// their detail (kept in the address, ?member=12).
import { type FormEvent, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useTranslation } from '../../i18n/react';
import { Pager } from '../components/content/common';
import { Field } from '../components/Field';
import { Loading, ReadFailed } from '../components/Problem';
import { useLatestRead } from '../components/useLatestRead';
import { listProtectionMembers, PROTECTION_PAGE, USERNAME_MAX } from '../protectionApi';
import { exclusionText, KycBadge, protectionProblem } from './ProtectionCommon';
import { MemberDetail } from './ProtectionMember';

const COLUMNS = ['member', 'limits', 'exclusion', 'kyc', 'markers'] as const;

export function MembersTab(_props: { manage: boolean }) {
  const [params, setParams] = useSearchParams();
  const opened = Number(params.get('member'));
  const open = (memberId: number | null) =>
    setParams(
      (old) => {
        const next = new URLSearchParams(old);
        if (memberId === null) next.delete('member');
        else next.set('member', String(memberId));
        return next;
      },
      { replace: false },
    );
  if (Number.isSafeInteger(opened) && opened > 0) return <MemberDetail memberId={opened} onBack={() => open(null)} />;
  return <MemberList onOpen={open} />;
}

function MemberList({ onOpen }: { onOpen: (memberId: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [username, setUsername] = useState('');
  const [pageNo, setPageNo] = useState(1);

  const readPage = useCallback(() => listProtectionMembers(username, pageNo, PROTECTION_PAGE), [username, pageNo]);
  const { value: page, readProblem, load } = useLatestRead(readPage);
  const pages = Math.max(Math.ceil((page?.total ?? 0) / PROTECTION_PAGE), 1);
  const column = (key: string) => t(`protection.members.columns.${key}`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setUsername(text.trim());
    setPageNo(1);
  };

  return (
    <section className="cs-panel" aria-labelledby="cs-protection-members" data-testid="protection-members">
      <h2 id="cs-protection-members">{t('protection.members.title')}</h2>
      <p className="cs-muted">{t('protection.members.intro')}</p>
      <form role="search" className="cs-content-grid" onSubmit={search} noValidate aria-label={t('protection.members.search')}>
        <Field
          label={t('protection.members.username')}
          value={text}
          onValue={setText}
          type="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={USERNAME_MAX}
        />
        <div className="cs-actions">
          <button type="submit" className="cs-button primary">
            {t('protection.members.searchButton')}
          </button>
        </div>
      </form>
      {readProblem !== null && <ReadFailed text={protectionProblem(t, readProblem)} retry={() => void load()} />}
      {page === null ? (
        readProblem === null && <Loading />
      ) : page.list.length === 0 ? (
        <p className="cs-muted">{t(username ? 'protection.members.none' : 'protection.members.empty', { q: username })}</p>
      ) : (
        <>
          <p className="cs-muted">{t('protection.members.total', { total: String(page.total) })}</p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-content-table">
              <caption className="visually-hidden">{t('protection.members.title')}</caption>
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
                {page.list.map((row) => (
                  <tr key={row.memberId} data-member={row.memberId} className="cs-clickable" onClick={() => onOpen(row.memberId)}>
                    <td data-label={column('member')}>
                      <button
                        type="button"
                        className="cs-link"
                        aria-label={t('protection.members.open', { name: row.username })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(row.memberId);
                        }}
                      >
                        {row.username}
                      </button>
                      <span className="cs-muted"> #{row.memberId}</span>
                    </td>
                    <td data-label={column('limits')} className="cs-amount" data-cell="limits">
                      {row.limits}
                    </td>
                    <td data-label={column('exclusion')} data-cell="exclusion">
                      {exclusionText(t, row.exclusion)}
                    </td>
                    <td data-label={column('kyc')}>
                      <KycBadge status={row.kycStatus} />
                    </td>
                    <td data-label={column('markers')} className="cs-amount" data-cell="markers">
                      {row.openMarkers}
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
