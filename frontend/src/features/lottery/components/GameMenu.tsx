import { useTranslation } from '../../../i18n/react';
import type { GameMenuItem, Menu } from '../api';

interface GameMenuProps {
  menus: Menu[];
  // The member's recent games (null or empty: no group).
  recent: GameMenuItem[] | null;
  selected: string | null;
  onSelect: (gameCode: string) => void;
}

export function intervalKey(game: GameMenuItem): [string, Record<string, number>] {
  if (game.intervalSeconds === null) return ['lottery.daily', {}];
  return ['lottery.everyMinutes', { minutes: Math.round(game.intervalSeconds / 60) }];
}

function GameButton({ game, active, testId, onSelect }: {
  game: GameMenuItem;
  active: boolean;
  testId: string;
  onSelect: (gameCode: string) => void;
}) {
  const { t } = useTranslation();
  const [key, values] = intervalKey(game);
  return (
    <li>
      <button type="button" className={active ? 'lot-game active' : 'lot-game'} aria-current={active || undefined}
        data-testid={testId} onClick={() => onSelect(game.gameCode)}>
        <span className="lot-game-name">{game.name}</span>
        <span className="lot-game-meta">{t(key, values)}</span>
      </button>
    </li>
  );
}

// The games grouped by area, the member's recent games first (SPEC §7 game menus).
export function GameMenu({ menus, recent, selected, onSelect }: GameMenuProps) {
  const { t } = useTranslation();
  return (
    <nav className="lot-menu" data-testid="lottery-menu" aria-label={t('lottery.menu')}>
      {recent && recent.length > 0 && (
        <section className="lot-menu-group" data-testid="lottery-recent">
          <h2 className="lot-menu-title">{t('lottery.recent')}</h2>
          <ul className="lot-menu-list">
            {recent.map((game) => (
              <GameButton key={game.gameCode} game={game} active={false} testId={`lottery-recent-${game.gameCode}`}
                onSelect={onSelect} />
            ))}
          </ul>
        </section>
      )}
      {menus.map((menu) => (
        <section key={menu.area} className="lot-menu-group" data-testid={`lottery-area-${menu.area}`}>
          <h2 className="lot-menu-title">{t(`lottery.areas.${menu.area}`, { defaultValue: menu.area })}</h2>
          <ul className="lot-menu-list">
            {menu.games.map((game) => (
              <GameButton key={game.gameCode} game={game} active={game.gameCode === selected}
                testId={`lottery-game-${game.gameCode}`} onSelect={onSelect} />
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
