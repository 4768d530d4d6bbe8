// SPEC §2.8 live-game classification list: the value the server sends in Game.classification, and the
// i18n key (games.classification.<key>) of its label.
export const LIVE_CLASSIFICATIONS = [
  ['Baccarat', 'baccarat'],
  ['Sicbo', 'sicbo'],
  ['Roulette', 'roulette'],
  ['Dragon Tiger', 'dragonTiger'],
  ['Blackjack', 'blackjack'],
  ["Live Casino Hold'Em", 'holdem'],
  ['Mahjong Tiles', 'mahjongTiles'],
  ['Card-Poker', 'cardPoker'],
  ['Wenzhou Pai Gow', 'paiGow'],
  ['Se Die', 'seDie'],
  ['Fan Tan', 'fanTan'],
  ['NiuNiu', 'niuNiu'],
  ['Yu Sia Xie', 'yuSiaXie'],
  ['ZJH', 'zjh'],
  ['Mahjong', 'mahjong'],
] as const;
