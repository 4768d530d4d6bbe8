import { describe, expect, it } from 'vitest';

import type { Game } from './api';
import { classificationChips, sameClassification } from './classifications';
import { lobbyFacets } from './facets';

const game = (patch: Partial<Game>): Game => ({
  gameId: 1, nodeId: 1, vassalage: 'HOUSE_RNG', gameCode: 'g', name: 'G', gameType: 'SLOT', category: 'RNG', thumbnail: '',
  minBet: '1.00', lines: null, isHot: false, isFavourite: false, roomId: null, accountTypeName: null, classification: null,
  allowsTrial: true, ...patch,
});

describe('lobbyFacets', () => {
  it('offers the min-bet filter only when some games pass it and some do not', () => {
    expect(lobbyFacets([game({ minBet: '1.00' }), game({ minBet: '10.00' })]).minBet).toBe(true);
    expect(lobbyFacets([game({ minBet: '0.10' }), game({ minBet: '1.00' })]).minBet).toBe(false);
    expect(lobbyFacets([game({ minBet: '5.00' })]).minBet).toBe(false);
  });

  it('offers the lines filter only where games have lines and it narrows them', () => {
    expect(lobbyFacets([game({ lines: 20 }), game({ lines: 25 })]).lines).toBe(true);
    expect(lobbyFacets([game({}), game({})]).lines).toBe(false);
    expect(lobbyFacets([game({ lines: 30 }), game({ lines: 25 })]).lines).toBe(false);
    expect(lobbyFacets([]).lines).toBe(false);
  });

  it('lists the classifications the games have, once each, in the SPEC order', () => {
    const facets = lobbyFacets([
      game({ classification: 'Roulette' }),
      game({ classification: 'Baccarat' }),
      game({ classification: 'Roulette' }),
      game({}),
    ]);
    expect(facets.classifications).toEqual([
      { value: 'Baccarat', key: 'baccarat' },
      { value: 'Roulette', key: 'roulette' },
    ]);
  });
});

describe('classificationChips', () => {
  it('matches a vendor\'s spelling to the list and keeps unknown ones last, as written', () => {
    expect(classificationChips(['Keno', 'Sic Bo', 'dragon-tiger'])).toEqual([
      { value: 'Sic Bo', key: 'sicbo' },
      { value: 'dragon-tiger', key: 'dragonTiger' },
      { value: 'Keno', key: null },
    ]);
    expect(sameClassification('Sicbo', 'Sic Bo')).toBe(true);
    expect(sameClassification('Sicbo', null)).toBe(false);
  });
});
