import { useAtomValue } from 'jotai';

import { Icon } from '../../components/Icon';
import { useTranslation } from '../../i18n/react';
import { statusAtom } from '../../state/atoms';

const CHANNELS = [
  ['EMAIL', 'email', 'service.channels.email'],
  ['FACEBOOK', 'facebook', 'service.channels.facebook'],
] as const;

// The ways the brand can really be reached, from its resources (SPEC §3); nothing when it has none.
export function ContactChannels() {
  const { t } = useTranslation();
  const resources = useAtomValue(statusAtom)?.info.resources ?? [];
  const channels = CHANNELS.flatMap(([type, icon, key]) => {
    const resource = resources.find((r) => r.resourceType === type);
    return resource ? [{ type, icon, key, resource }] : [];
  });
  if (channels.length === 0) return null;
  return (
    <ul className="contact-channels" data-testid="contact-channels">
      {channels.map(({ type, icon, key, resource }) => (
        <li key={type}>
          <a href={resource.url} target={type === 'EMAIL' ? undefined : '_blank'} rel="noreferrer">
            <Icon name={icon} size={20} />
            <span>{t(key)}</span>
            {type === 'EMAIL' && resource.labelNameEn && <span className="muted">{resource.labelNameEn}</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}
