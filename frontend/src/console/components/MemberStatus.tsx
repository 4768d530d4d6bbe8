import { useTranslation } from '../../i18n/react';

// A member's status as a badge: ACTIVE green, LOCKED (or anything else) red, the text through i18n.
export function MemberStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={status === 'ACTIVE' ? 'cs-badge on' : 'cs-badge off'} data-testid="member-status">
      {t(`members.status.${status}`, { defaultValue: status })}
    </span>
  );
}
