// The day at the desk, for a supervisor: conversations waiting and open now, the average first response,
// and what each agent handled today.
import { useCallback, useEffect, useState } from 'react';

import { useTranslation } from '../../../i18n/react';
import { isSessionProblem } from '../../api';
import { type Figures, readFigures } from '../../supportApi';
import { Loading, ReadFailed } from '../Problem';
import { durationText, supportProblem } from './rules';

export function FiguresTab({ refresh }: { refresh: number }) {
  const { t } = useTranslation();
  const [figures, setFigures] = useState<Figures | null>(null);
  const [problem, setProblem] = useState<unknown>(null);

  const load = useCallback(async () => {
    setProblem(null);
    try {
      setFigures(await readFigures());
    } catch (error) {
      if (!isSessionProblem(error)) setProblem(error);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load, refresh]);

  if (problem !== null) return <ReadFailed text={supportProblem(t, problem)} retry={() => void load()} />;
  if (figures === null) return <Loading />;
  return (
    <div className="cs-support-figures" data-testid="support-figures">
      <dl className="cs-support-numbers">
        <div>
          <dt>{t('support.figures.waiting')}</dt>
          <dd>{figures.waiting}</dd>
        </div>
        <div>
          <dt>{t('support.figures.open')}</dt>
          <dd>{figures.open}</dd>
        </div>
        <div>
          <dt>{t('support.figures.firstResponse')}</dt>
          <dd>{durationText(t, figures.avgFirstResponseSeconds)}</dd>
        </div>
      </dl>
      {figures.handledToday.length === 0 ? (
        <p className="cs-muted">{t('support.figures.noneToday')}</p>
      ) : (
        <div className="cs-table-wrap">
          <table className="cs-table">
            <caption className="visually-hidden">{t('support.figures.today')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('support.figures.agent')}</th>
                <th scope="col">{t('support.figures.handled')}</th>
                <th scope="col">{t('support.figures.firstResponse')}</th>
              </tr>
            </thead>
            <tbody>
              {figures.handledToday.map((row) => (
                <tr key={row.staffId}>
                  <td>{row.name}</td>
                  <td>{row.handled}</td>
                  <td>{durationText(t, row.avgFirstResponseSeconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
