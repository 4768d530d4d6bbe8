// Staff notes on the member, newest first; with members.note, a form to add one (under the writer's name).
import { type FormEvent, useCallback, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { dateTime } from '../../../lib/dates';
import { addMemberNote, isSessionProblem, type MemberNote, readMemberNotes } from '../../api';
import { Loading, Problem } from '../../components/Problem';
import { problemText } from '../../i18n';
import { Block, Failed, useList } from './blocks';

const NOTE_MAX = 2000;

function NoteForm({ memberId, onAdded }: { memberId: number; onAdded: (note: MemberNote) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const note = text.trim();
    if (note === '') {
      setProblem(t('members.noteEmpty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onAdded(await addMemberNote(memberId, note));
      setText('');
    } catch (error) {
      if (!isSessionProblem(error)) setProblem(problemText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cs-note-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('members.addNote')}>
      <div className="cs-field">
        <label htmlFor="cs-note-text">{t('members.noteText')}</label>
        <textarea
          id="cs-note-text"
          value={text}
          rows={3}
          maxLength={NOTE_MAX}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
        <p className="cs-field-hint">{t('members.noteHint', { left: String(NOTE_MAX - text.length) })}</p>
      </div>
      <Problem>{problem}</Problem>
      <div className="cs-actions">
        <button type="submit" className="cs-button primary" disabled={busy} aria-busy={busy || undefined}>
          {t('members.addNote')}
        </button>
      </div>
    </form>
  );
}

export function Notes({ memberId, note }: { memberId: number; note: boolean }) {
  const { t } = useTranslation();
  const read = useCallback(() => readMemberNotes(memberId), [memberId]);
  const { rows, setRows, problem, reload } = useList(read);
  return (
    <Block id="cs-member-notes" title={t('members.notes')}>
      {problem !== null ? (
        <Failed problem={problem} retry={reload} />
      ) : rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className="cs-muted">{t('members.noNotes')}</p>
      ) : (
        <ul className="cs-notes" data-testid="notes">
          {rows.map((entry) => (
            <li key={entry.id}>
              <p className="cs-note-meta">
                <span className="cs-username">{entry.staff}</span> <span className="cs-time">{dateTime(entry.at)}</span>
              </p>
              <p className="cs-note-text">{entry.text}</p>
            </li>
          ))}
        </ul>
      )}
      {note && <NoteForm memberId={memberId} onAdded={(added) => setRows((old) => [added, ...(old ?? [])])} />}
    </Block>
  );
}
