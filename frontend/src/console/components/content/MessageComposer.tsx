// Writing a platform message: to one member, to the members with a label, to a rank, or to everyone of the
// merchant; a title and content per language (each member reads theirs, else the merchant's default). A
// message cannot be taken back, so it is sent only after a confirm step that says who will receive it.
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { type MessageAudience, MESSAGE_AUDIENCES, type MessageIn, type MessageSent, sendMessage } from '../../contentApi';
import { isSessionProblem } from '../../api';
import { ConsoleError } from '../../transport';
import { MEMBERS_READ, can } from '../../permissions';
import { meAtom, merchantAtom } from '../../store';
import { Field } from '../Field';
import { Problem } from '../Problem';
import { contentProblem } from './common';
import { type ChosenMember, MemberPicker } from './MemberPicker';
import { emptyTexts, type MessageField, type MessageForm, messageRequest, type TextProblem } from './rules';
import { languageName, TextsEditor } from './TextsEditor';

const blank = (): MessageForm => ({ audience: 'MEMBER', memberId: '', label: '', rank: '', texts: emptyTexts() });

type Shown = Partial<Record<MessageField, string>> & { textProblems?: TextProblem[] };

// Who a message goes to, in words: the confirm step's sentence.
export function audienceText(
  t: ReturnType<typeof useTranslation>['t'],
  body: MessageIn,
  merchant: string,
  member: ChosenMember | null,
): string {
  switch (body.audience) {
    case 'MEMBER':
      return member && member.id === body.memberId
        ? t('content.messages.to.MEMBER', { username: member.username, id: String(body.memberId) })
        : t('content.messages.to.MEMBER_ID', { id: String(body.memberId) });
    case 'LABEL':
      return t('content.messages.to.LABEL', { label: body.label ?? '' });
    case 'RANK':
      return t('content.messages.to.RANK', { rank: String(body.rank) });
    default:
      return t('content.messages.to.ALL', { merchant });
  }
}

export function MessageComposer({ onSent }: { onSent: (sent: MessageSent) => void }) {
  const { t } = useTranslation();
  const me = useAtomValue(meAtom);
  const merchant = useAtomValue(merchantAtom);
  const [form, setForm] = useState<MessageForm>(blank);
  const [member, setMember] = useState<ChosenMember | null>(null);
  const [shown, setShown] = useState<Shown>({});
  const [confirming, setConfirming] = useState<MessageIn | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  const edit = <K extends keyof MessageForm>(field: K, value: MessageForm[K]) => {
    setForm((old) => ({ ...old, [field]: value }));
    setShown((old) => ({ ...old, [field]: undefined, ...(field === 'texts' ? { textProblems: undefined } : {}) }));
    setOutcome(null);
  };
  const problemOf = (field: MessageField) => (shown[field] ? t(shown[field]) : null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const request = messageRequest(form);
    if ('problems' in request) {
      setShown({ ...request.problems, textProblems: request.textProblems });
      return;
    }
    setShown({});
    setProblem(null);
    setConfirming(request.body);
  };

  const send = async () => {
    if (!confirming || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const sent = await sendMessage(confirming);
      setOutcome(
        sent.status === 'SENT'
          ? t('content.messages.sent', { n: String(sent.recipients) })
          : t('content.messages.queued', { n: String(sent.recipients) }),
      );
      setConfirming(null);
      setForm(blank());
      setMember(null);
      onSent(sent);
    } catch (error) {
      if (isSessionProblem(error)) return;
      // One member: a 404 is an id no member of this merchant has.
      const noMember = confirming.audience === 'MEMBER' && error instanceof ConsoleError && error.status === 404;
      setProblem(noMember ? t('content.messages.memberNotFound') : contentProblem(t, error));
    } finally {
      setBusy(false);
    }
  };

  if (confirming) {
    const languages = Object.keys(confirming.texts);
    return (
      <section
        className="cs-panel cs-content-confirm"
        role="alertdialog"
        aria-labelledby="cs-message-confirm"
        aria-describedby="cs-message-audience"
      >
        <h3 id="cs-message-confirm">{t('content.messages.confirmTitle')}</h3>
        <p id="cs-message-audience" className="cs-content-audience" data-testid="message-audience">
          {audienceText(t, confirming, merchant, member)}
        </p>
        <ul className="cs-content-summary">
          {languages.map((code) => (
            <li key={code}>
              <strong>{languageName(code)}</strong>: {confirming.texts[code]!.title}
            </li>
          ))}
        </ul>
        <p className="cs-muted">{t('content.messages.cannotUndo')}</p>
        <Problem>{problem}</Problem>
        <div className="cs-actions">
          <button
            type="button"
            className="cs-button primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void send()}
          >
            {t('content.messages.send')}
          </button>
          <button type="button" className="cs-button secondary" disabled={busy} onClick={() => setConfirming(null)}>
            {t('content.messages.back')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="cs-panel cs-form cs-content-editor" onSubmit={review} noValidate aria-label={t('content.messages.compose')}>
      <h3 className="cs-content-editor-title">{t('content.messages.compose')}</h3>
      {outcome && (
        <p className="cs-success" role="status">
          {outcome}
        </p>
      )}
      <fieldset className="cs-choices">
        <legend>{t('content.messages.audience')}</legend>
        {MESSAGE_AUDIENCES.map((audience: MessageAudience) => (
          <label key={audience}>
            <input
              type="radio"
              name="cs-message-audience"
              value={audience}
              checked={form.audience === audience}
              onChange={() => edit('audience', audience)}
            />
            {audience === 'ALL' ? t('content.messages.audiences.ALL', { merchant }) : t(`content.messages.audiences.${audience}`)}
          </label>
        ))}
      </fieldset>
      {form.audience === 'MEMBER' && (
        <div className="cs-content-grid">
          <Field
            label={t('content.messages.memberId')}
            hint={member && String(member.id) === form.memberId.trim() ? member.username : t('content.messages.memberIdHint')}
            value={form.memberId}
            onValue={(value) => edit('memberId', value)}
            problem={problemOf('memberId')}
            inputMode="numeric"
            autoComplete="off"
          />
          {can(me?.permissions, MEMBERS_READ) && (
            <MemberPicker
              onChoose={(chosen) => {
                setMember(chosen);
                edit('memberId', String(chosen.id));
              }}
            />
          )}
        </div>
      )}
      {form.audience === 'LABEL' && (
        <Field
          label={t('content.messages.label')}
          hint={t('content.messages.labelHint')}
          value={form.label}
          onValue={(value) => edit('label', value)}
          problem={problemOf('label')}
          autoComplete="off"
          maxLength={64}
        />
      )}
      {form.audience === 'RANK' && (
        <Field
          label={t('content.messages.rank')}
          value={form.rank}
          onValue={(value) => edit('rank', value)}
          problem={problemOf('rank')}
          inputMode="numeric"
          autoComplete="off"
        />
      )}
      <TextsEditor
        texts={form.texts}
        onChange={(texts) => edit('texts', texts)}
        withContent
        problems={shown.textProblems ?? []}
        problem={problemOf('texts')}
      />
      <div className="cs-actions">
        <button type="submit" className="cs-button primary">
          {t('content.messages.review')}
        </button>
      </div>
    </form>
  );
}
