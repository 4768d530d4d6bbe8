// A ledger record's reference (server/wallet: "game:HOUSE_FISH:H27N2", "deposit:D2026...", "downline:12")
// as the member reads it: an i18n key under wallet.records.refs and its values, never the raw code. Shared
// by the member's own records and the agent centre's team transactions (features do not import each other).
// The member's own records name a wallet transfer ("wallet:MAIN>HOUSE") by its wallets (wallet/transferSides)
// before asking here; a bonus's reference is the reason the operator wrote, shown as it is.

export interface ReadableReference {
  key: string;
  values?: Record<string, string>;
}

// A round id as a short secondary reference: a shared table's "T1.baccarat-a.1234" is round #1234; any other
// id its last part, cut to its last characters when long.
const TABLE_ROUND = /^T\d+\.[\w-]+\.(\d+)$/;
const LONGEST_ROUND = 16;

export function shortRound(roundId: string): string {
  const table = TABLE_ROUND.exec(roundId);
  if (table) return `#${table[1]}`;
  const last = roundId.split(/[:.]/).filter(Boolean).at(-1) ?? roundId;
  return last.length > LONGEST_ROUND ? `…${last.slice(-(LONGEST_ROUND - 2))}` : last;
}

// A record as the list holds it: its ledger kind, its reference and its signed amount ("-12.50").
export interface ReferencedRecord {
  kind: string;
  reference: string;
  amount: string;
}

// null: show the reference as it is (a bonus's reason, or a reference of a kind not known here).
export function readableReference({ kind: recordKind, reference, amount }: ReferencedRecord): ReadableReference | null {
  // The bonus's reference is the operator's free text, whatever it looks like.
  if (recordKind === 'BONUS') return null;
  // The record adds to this wallet: so that one transfer reads right from each of its sides.
  const incoming = !amount.trim().startsWith('-');
  const colon = reference.indexOf(':');
  if (colon < 0) return null;
  const kind = reference.slice(0, colon);
  const rest = reference.slice(colon + 1);
  switch (kind) {
    case 'game': {
      const round = rest.slice(rest.indexOf(':') + 1);
      return rest.includes(':') && round ? { key: 'wallet.records.refs.game', values: { round: shortRound(round) } } : null;
    }
    case 'deposit':
    case 'withdrawal':
      return rest ? { key: 'wallet.records.refs.order', values: { order: rest } } : null;
    case 'downline':
      return { key: incoming ? 'wallet.records.refs.fromUpline' : 'wallet.records.refs.toDownline' };
    case 'upline':
      return { key: incoming ? 'wallet.records.refs.fromDownline' : 'wallet.records.refs.toUpline' };
    case 'wallet':
      return { key: 'wallet.records.refs.walletTransfer' };
    case 'agent-settlement':
      return { key: 'wallet.records.refs.settlement' };
    case 'reversal':
      return { key: 'wallet.records.refs.reversal' };
    case 'member':
      return { key: 'wallet.records.refs.trial' };
    default:
      return null;
  }
}

// The ledger's transfer kinds (server/wallet/records.py TYPES), each labelled under wallet.records.kinds: the
// record type says what area a line is (Game, Transfer), its kind what happened (a bet, a win, a payment).
export const LEDGER_KINDS = [
  'DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_RELEASE', 'WITHDRAW', 'WITHDRAW_REFUND', 'WALLET_TRANSFER', 'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER', 'BONUS', 'AGENT_SALARY', 'AGENT_DIVIDEND', 'GAME_BET', 'GAME_WIN', 'TRIAL_GRANT', 'REVERSAL',
  'ADJUSTMENT',
] as const;

export function isLedgerKind(kind: string): boolean {
  return (LEDGER_KINDS as readonly string[]).includes(kind);
}
