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

// Vendors spell the list loosely ("Sic Bo", "Dragon-Tiger"): compared without case, spaces or punctuation.
const comparable = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
const ORDER = new Map<string, number>(LIVE_CLASSIFICATIONS.map(([value], index) => [comparable(value), index]));

export interface ClassificationChip {
  // The game's own value, which the chip filters on.
  value: string;
  // The i18n key of its label, or null for a value outside the list (then shown as the vendor wrote it).
  key: string | null;
}

// Chips for the classifications the games have, each once, in the SPEC's order, unknown ones last.
export function classificationChips(values: Iterable<string>): ClassificationChip[] {
  const seen = new Map<string, ClassificationChip>();
  for (const value of values) {
    const id = comparable(value);
    if (!id || seen.has(id)) continue;
    const index = ORDER.get(id);
    seen.set(id, { value, key: index === undefined ? null : LIVE_CLASSIFICATIONS[index]![1] });
  }
  const rank = (chip: ClassificationChip) => ORDER.get(comparable(chip.value)) ?? LIVE_CLASSIFICATIONS.length;
  return [...seen.values()].sort((a, b) => rank(a) - rank(b));
}

// Whether a game's classification is the chosen one (spelled either way).
export function sameClassification(chosen: string, value: string | null | undefined): boolean {
  return value != null && comparable(chosen) === comparable(value);
}
