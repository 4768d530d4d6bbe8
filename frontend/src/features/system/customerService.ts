import type { SystemStatus } from '../../api/system';

// SPEC §2.2: members above rank level 4 get the VIP service, everyone else the live chat, in a
// 440 x 750 popup.
export const SERVICE_WINDOW = { width: 440, height: 750 } as const;

// The portal's own customer-service page; it renders whatever the system status is.
export const SERVICE_PATH = '/service';

export function serviceEntry(status: SystemStatus | null, rankLevel: number | null) {
  const entries = status?.info.customerService ?? [];
  const wanted = rankLevel !== null && rankLevel > 4 ? 'VIP' : 'LIVECHAT';
  return entries.find((entry) => entry.csType === wanted) ?? entries.find((e) => e.csType === 'LIVECHAT');
}

export function openServiceWindow(path: string): Window | null {
  const { width, height } = SERVICE_WINDOW;
  return window.open(path, 'customer-service', `width=${width},height=${height},noopener=no`);
}
