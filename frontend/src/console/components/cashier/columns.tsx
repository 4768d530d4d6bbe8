// The columns each queue shows between the amount and the actions (the order number, with the time it was
// requested, the member and the amount come first in each). Amounts are the server's decimal strings, shown
// as they come; times in the viewer's zone.
import type { TFunction } from 'i18next';

import { dateTime } from '../../../lib/dates';
import type { AdminDeposit, AdminWithdrawal } from '../../cashierApi';
import type { BonusGrant } from '../../grantsApi';
import { receiptOf } from './rules';

export const DEPOSIT_COLUMNS = [
  'cashier.columns.channel',
  'cashier.columns.payerReference',
  'cashier.columns.status',
] as const;

export function depositCells(t: TFunction, row: AdminDeposit) {
  return (
    <>
      <td>{row.channel}</td>
      <td className="cs-detail">{row.payerReference ?? '—'}</td>
      <td>
        <span className={`cs-cashier-status is-${row.status.toLowerCase()}`}>{t(`cashier.status.${row.status}`)}</span>
      </td>
    </>
  );
}

export const WITHDRAWAL_COLUMNS = [
  'cashier.columns.bank',
  'cashier.columns.status',
  'cashier.columns.receipt',
] as const;

export function ReceiptState({ t, row }: { t: TFunction; row: AdminWithdrawal }) {
  const receipt = receiptOf(row);
  if (!receipt) return <span className="cs-muted">—</span>;
  const at = receipt.at ? dateTime(receipt.at) : '';
  return (
    <span className={`cs-cashier-receipt is-${receipt.key}`} data-receipt={receipt.key}>
      {t(`cashier.receipt.${receipt.key}`, receipt.values)}
      {at && <span className="cs-cashier-when">{at}</span>}
    </span>
  );
}

export function withdrawalCells(t: TFunction, row: AdminWithdrawal) {
  return (
    <>
      <td className="cs-cashier-bank">
        {row.bankName} <code>{row.accountNumber}</code>
        <span className="cs-cashier-when">{row.accountName}</span>
      </td>
      <td>
        <span className={`cs-cashier-status is-${row.status.toLowerCase()}`}>{t(`cashier.status.${row.status}`)}</span>
      </td>
      <td>
        <ReceiptState t={t} row={row} />
      </td>
    </>
  );
}

export const GRANT_COLUMNS = [
  'grants.columns.requestedBy',
  'grants.columns.reason',
  'cashier.columns.status',
  'grants.columns.decision',
] as const;

export function grantCells(t: TFunction, row: BonusGrant) {
  return (
    <>
      <td>{row.requestedBy}</td>
      <td className="cs-detail">{row.reason}</td>
      <td>
        <span className={`cs-cashier-status is-${row.status.toLowerCase()}`}>{t(`cashier.status.${row.status}`)}</span>
      </td>
      <td className="cs-detail">
        {row.decidedBy ? (
          <>
            {t('grants.decidedBy', { name: row.decidedBy })}
            {row.note && <span className="cs-cashier-when">{row.note}</span>}
            {row.decidedAt && <span className="cs-cashier-when">{dateTime(row.decidedAt)}</span>}
          </>
        ) : row.status === 'PAID' ? (
          t('grants.paidAtOnce')
        ) : (
          <span className="cs-muted">—</span>
        )}
      </td>
    </>
  );
}
