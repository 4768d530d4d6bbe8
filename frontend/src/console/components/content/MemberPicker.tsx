// Finding the member a message goes to: the members search the Members section uses (an id, the beginning
// of a username, mobile digits); choosing a row fills in the member id.
import { type FormEvent, useRef, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem, type MemberRow, searchMembers } from '../../api';
import { Problem } from '../Problem';
import { contentProblem } from './common';

const QUERY_MAX = 64;

export interface ChosenMember {
  id: number;
  username: string;
}

export function MemberPicker({ onChoose }: { onChoose: (member: ChosenMember) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<MemberRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(0);

  // A search of its own, not the composer's submit: the picker sits inside the composer's form.
  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    const q = query.trim();
    if (!q) return;
    const request = ++latest.current;
    setBusy(true);
    setProblem(null);
    try {
      const found = await searchMembers(q);
      if (request === latest.current) setRows(found);
    } catch (error) {
      if (request === latest.current && !isSessionProblem(error)) setProblem(contentProblem(t, error));
    } finally {
      if (request === latest.current) setBusy(false);
    }
  };

  return (
    <div className="cs-content-picker">
      <div className="cs-field">
        <label htmlFor="cs-message-member-search">{t('content.messages.findMember')}</label>
        <span className="cs-content-inline">
          <input
            id="cs-message-member-search"
            type="search"
            value={query}
            maxLength={QUERY_MAX}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void search(event);
            }}
          />
          <button type="button" className="cs-button secondary" disabled={busy} onClick={() => void search()}>
            {t('content.messages.search')}
          </button>
        </span>
      </div>
      <Problem>{problem}</Problem>
      {rows !== null &&
        (rows.length === 0 ? (
          <p className="cs-muted">{t('content.messages.noMembers')}</p>
        ) : (
          <ul className="cs-content-found">
            {rows.map((row) => (
              <li key={row.id}>
                <span>
                  <span className="cs-username">{row.username}</span>{' '}
                  <span className="cs-muted">
                    {t('content.messages.memberLine', { id: String(row.id), rank: String(row.rankLevel) })}
                  </span>
                </span>
                <button
                  type="button"
                  className="cs-button secondary small"
                  aria-label={t('content.messages.chooseLabel', { username: row.username })}
                  onClick={() => {
                    onChoose({ id: row.id, username: row.username });
                    setRows(null);
                  }}
                >
                  {t('content.messages.choose')}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
