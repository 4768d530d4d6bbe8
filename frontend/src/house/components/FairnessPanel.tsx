import { m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useState } from 'react';

import { useTranslation } from '../../i18n/react';
import { errorCodeOf, setClientSeed } from '../api';
import { verifyServerSeed, type Verification } from '../fairness';
import { fairnessAtom, houseStore, revealAtom, sessionAtom, tableCommitAtom } from '../store';
import { isTableGame } from '../table/types';
import { ErrorNote } from './ErrorNote';

const CLIENT_SEED_MAX = 64;

function Hash({ value, testId }: { value: string; testId?: string }) {
  return (
    <code className="hs-hash" data-testid={testId}>
      {value}
    </code>
  );
}

export function FairnessPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const fairness = useAtomValue(fairnessAtom);
  const reveal = useAtomValue(revealAtom);
  const tableCommit = useAtomValue(tableCommitAtom);
  const live = isTableGame(session?.game.type);
  const [seed, setSeed] = useState(fairness?.clientSeed ?? '');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<Verification | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => setCheck(null), [reveal]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function saveSeed(event: FormEvent) {
    event.preventDefault();
    const value = seed.trim();
    if (!value || value.length > CLIENT_SEED_MAX) {
      setError('VALIDATION_ERROR');
      return;
    }
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      const next = await setClientSeed(value);
      houseStore.set(fairnessAtom, next);
      setSeed(next.clientSeed);
      setSaved(true);
    } catch (e) {
      setError(errorCodeOf(e));
    } finally {
      setSaving(false);
    }
  }

  async function verify() {
    if (!reveal) return;
    setChecking(true);
    try {
      setCheck(await verifyServerSeed(reveal.serverSeed, reveal.committedHash));
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="hs-overlay" onClick={onClose}>
      <m.aside
        className="hs-fair"
        role="dialog"
        aria-modal="true"
        aria-labelledby="hs-fair-title"
        data-testid="fair-panel"
        onClick={(event) => event.stopPropagation()}
        initial={{ x: 40, opacity: 0 }}
        animate={{ x: 0, opacity: 1 }}
        exit={{ x: 40, opacity: 0 }}
        transition={{ type: 'spring', stiffness: 320, damping: 30 }}
      >
        <header className="hs-fair__head">
          <h2 id="hs-fair-title">{t('fair.title')}</h2>
          <button type="button" className="hs-btn hs-btn--ghost" onClick={onClose} data-testid="fair-close">
            {t('common.close')}
          </button>
        </header>
        <p className="hs-muted">{live ? t('fair.tableIntro') : t('fair.intro')}</p>

        {live ? (
          <section className="hs-fair__block">
            <h3>{tableCommit ? t('fair.tableCommit', { round: tableCommit.roundNo }) : t('fair.tableCommitNone')}</h3>
            {tableCommit ? <Hash value={tableCommit.serverSeedHash} testId="fair-server-hash" /> : null}
          </section>
        ) : (
          <section className="hs-fair__block">
            <h3>{t('fair.nextCommit')}</h3>
            <Hash value={fairness?.serverSeedHash ?? ''} testId="fair-server-hash" />
            <form className="hs-fair__seed" onSubmit={saveSeed}>
              <label htmlFor="hs-client-seed">{t('fair.clientSeed')}</label>
              <div className="hs-fair__seed-row">
                <input
                  id="hs-client-seed"
                  data-testid="fair-client-seed"
                  value={seed}
                  maxLength={CLIENT_SEED_MAX}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setSeed(event.target.value);
                    setSaved(false);
                  }}
                />
                <button
                  type="submit"
                  className="hs-btn hs-btn--primary"
                  data-testid="fair-client-seed-save"
                  disabled={saving || seed.trim() === fairness?.clientSeed}
                >
                  {t('fair.save')}
                </button>
              </div>
              <small className="hs-muted">{saved ? t('fair.saved') : t('fair.clientSeedHint')}</small>
            </form>
            <p className="hs-fair__nonce">
              {t('fair.nonce')}: <strong data-testid="fair-nonce">{fairness?.nonce ?? 0}</strong>
            </p>
            <ErrorNote code={error} onDismiss={() => setError(null)} />
          </section>
        )}

        <section className="hs-fair__block" data-testid="fair-last">
          <h3>{t('fair.lastRound')}</h3>
          {reveal ? (
            <>
              <p className="hs-fair__round">
                {reveal.kind === 'table'
                  ? t('fair.tableLabel', { round: reveal.round })
                  : t('fair.instantLabel', { nonce: reveal.round })}
              </p>
              <dl className="hs-fair__facts">
                <dt>{t('fair.serverSeed')}</dt>
                <dd>
                  <Hash value={reveal.serverSeed} testId="fair-revealed-seed" />
                </dd>
                {reveal.clientSeed !== undefined ? (
                  <>
                    <dt>{t('fair.clientSeed')}</dt>
                    <dd>
                      <Hash value={reveal.clientSeed} />
                    </dd>
                  </>
                ) : null}
                <dt>{t('fair.committed')}</dt>
                <dd>
                  <Hash value={reveal.committedHash} testId="fair-committed-hash" />
                  {!reveal.observedBefore ? <small className="hs-muted">{t('fair.notObserved')}</small> : null}
                </dd>
                {check ? (
                  <>
                    <dt>{t('fair.computed')}</dt>
                    <dd>
                      <Hash value={check.computed} testId="fair-computed-hash" />
                    </dd>
                  </>
                ) : null}
              </dl>
              <button
                type="button"
                className="hs-btn hs-btn--primary"
                data-testid="fair-verify"
                onClick={verify}
                disabled={checking}
              >
                {checking ? t('fair.verifying') : t('fair.verify')}
              </button>
              {check ? (
                <p
                  className={`hs-fair__verdict ${check.matches ? 'is-ok' : 'is-bad'}`}
                  data-testid="fair-verdict"
                  data-match={check.matches ? 'true' : 'false'}
                >
                  {check.matches ? t('fair.match') : t('fair.mismatch')}
                </p>
              ) : null}
              <p className="hs-muted hs-small">{t('fair.explain')}</p>
            </>
          ) : (
            <p className="hs-muted">{t('fair.none')}</p>
          )}
        </section>
      </m.aside>
    </div>
  );
}
