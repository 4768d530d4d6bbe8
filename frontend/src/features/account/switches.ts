import { atom } from 'jotai';

import type { SettingNode } from '../../api/system';
import { statusAtom } from '../../state/atoms';

// mod_id -> on, counting ancestors (a switch under a switched-off node is off), as the server does.
function flatten(nodes: readonly SettingNode[], parentOn: boolean, out: Map<string, boolean>) {
  for (const node of nodes) {
    const on = parentOn && node.enabled === '1';
    out.set(node.modId, on);
    flatten(node.childrenNodes, on, out);
  }
  return out;
}

export const switchesAtom = atom((get) => flatten(get(statusAtom)?.info.whitelabel ?? [], true, new Map()));

export const registerRulesAtom = atom((get) => get(statusAtom)?.info.registerRules ?? []);
