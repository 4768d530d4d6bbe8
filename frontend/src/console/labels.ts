// The codes the server speaks (module switches, ledger kinds, wallets, audit actions and detail keys) as a
// staff member reads them, in the console's language. A code the console has no label for yet (a switch
// or an action added on the server later) shows as itself rather than as a missing translation.
import type { TFunction } from 'i18next';

import { type ConsoleLanguage, LANGUAGE_NAMES } from './i18n';
import en from './locales/en.json';

const labelled = (table: object, code: string) => Object.prototype.hasOwnProperty.call(table, code);

export function switchName(t: TFunction, modId: string): string {
  return labelled(en.brand.switches.names, modId) ? t(`brand.switches.names.${modId}`) : modId;
}

export function switchDescription(t: TFunction, modId: string): string | null {
  return labelled(en.brand.switches.descriptions, modId) ? t(`brand.switches.descriptions.${modId}`) : null;
}

// A ledger transfer's kind (GAME_BET, DOWNLINE_TRANSFER, ...: server/wallet/records.py TYPES).
export function ledgerKind(t: TFunction, kind: string): string {
  return labelled(en.records.kinds, kind) ? t(`records.kinds.${kind}`) : kind;
}

// A wallet's kind (MAIN, BONUS, TRIAL, VENDOR, HOLD).
export function walletKind(t: TFunction, wallet: string): string {
  return labelled(en.records.wallets, wallet) ? t(`records.wallets.${wallet}`) : wallet;
}

// i18next reads dots as nesting: "staff.2fa.reset" is kept under "staff_2fa_reset".
const actionKey = (action: string) => action.replace(/\./g, '_');

// An audit action ("member.bonus", "withdrawal.approve"), or null when the console has no label for it.
export function auditAction(t: TFunction, action: string): string | null {
  return labelled(en.audit.actions, actionKey(action)) ? t(`audit.actions.${actionKey(action)}`) : null;
}

// A key of an audit entry's detail ("amount", "transferId"; a language's code where the entry keeps texts
// per language, named as the language switcher names it), or null when the console has no label for it.
export function auditKey(t: TFunction, key: string): string | null {
  if (labelled(en.audit.keys, key)) return t(`audit.keys.${key}`);
  return labelled(LANGUAGE_NAMES, key) ? LANGUAGE_NAMES[key as ConsoleLanguage].label : null;
}
