// The white-label switch tree as nested toggles. A switch is in force only when every switch above it is on:
// under a switch that is off, the toggles are disabled and a switch that is on by itself says it is held
// off. Without brand.write the same tree, with its states and no toggles.
import { useId } from 'react';

import { useTranslation } from '../../../i18n/react';
import { setSwitch, type SwitchNode } from '../../brandApi';
import { switchDescription, switchName } from '../../labels';
import { Problem } from '../Problem';
import { type PanelProps, useChange } from './common';

function SwitchState({ node, parentOn }: { node: SwitchNode; parentOn: boolean }) {
  const { t } = useTranslation();
  if (node.effective) return <span className="cs-badge on">{t('brand.switches.on')}</span>;
  if (node.enabled && !parentOn) return <span className="cs-badge held">{t('brand.switches.heldOff')}</span>;
  return <span className="cs-badge off">{t('brand.switches.off')}</span>;
}

function SwitchItem({
  node,
  parentOn,
  write,
  busy,
  onToggle,
}: {
  node: SwitchNode;
  parentOn: boolean;
  write: boolean;
  busy: boolean;
  onToggle: (node: SwitchNode) => void;
}) {
  const { t } = useTranslation();
  const describedBy = useId();
  const label = switchName(t, node.modId);
  const description = switchDescription(t, node.modId);
  // The module's name, a line on what it does, and its code small beneath (what support and the API use);
  // the toggle is named by the name alone and described by the rest.
  const name = (
    <span className="cs-mod">
      <span className="cs-mod-name">{label}</span>
      <span id={describedBy} className="cs-mod-about">
        {description && <span className="cs-mod-description">{description}</span>}
        <code className="cs-code-note">{node.modId}</code>
      </span>
    </span>
  );
  return (
    <li data-mod={node.modId}>
      <div className="cs-switch-row">
        {write ? (
          <label className="cs-switch">
            <input
              type="checkbox"
              role="switch"
              aria-label={label}
              aria-describedby={describedBy}
              checked={node.enabled}
              disabled={busy || !parentOn}
              title={parentOn ? undefined : t('brand.switches.parentOff')}
              onChange={() => onToggle(node)}
            />
            {name}
          </label>
        ) : (
          name
        )}
        <SwitchState node={node} parentOn={parentOn} />
      </div>
      {node.children.length > 0 && (
        <ul>
          {node.children.map((child) => (
            <SwitchItem
              key={child.modId}
              node={child}
              parentOn={parentOn && node.enabled}
              write={write}
              busy={busy}
              onToggle={onToggle}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

export function SwitchTree({ switches, write, onChanged }: PanelProps & { switches: SwitchNode[] }) {
  const { t } = useTranslation();
  const { busy, problem, run } = useChange(onChanged);
  const toggle = (node: SwitchNode) => void run(() => setSwitch(node.modId, !node.enabled));
  return (
    <section className="cs-panel" aria-labelledby="cs-brand-switches">
      <h2 id="cs-brand-switches">{t('brand.switches.title')}</h2>
      <p className="cs-lead">{t('brand.switches.intro')}</p>
      <Problem>{problem}</Problem>
      <ul className="cs-switch-tree" aria-busy={busy || undefined}>
        {switches.map((node) => (
          <SwitchItem key={node.modId} node={node} parentOn write={write} busy={busy} onToggle={toggle} />
        ))}
      </ul>
    </section>
  );
}
