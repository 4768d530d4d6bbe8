// Which app a visitor's device takes, for the download page's first tab. iPadOS 13+ presents itself as a
// Mac; only its touch screen tells it apart.
export type Device = 'ios' | 'android' | 'desktop';

export function deviceOf(userAgent: string, maxTouchPoints = 0): Device {
  if (/android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'desktop';
}

export function currentDevice(): Device {
  return typeof navigator === 'undefined' ? 'desktop' : deviceOf(navigator.userAgent, navigator.maxTouchPoints);
}

// The brand's app resources (SPEC §3 Resource types) and the platform each is for.
export const APP_RESOURCES = [
  { type: 'IOS', anchor: 'ios', platform: 'ios', labelKey: 'download.labels.ios' },
  { type: 'MOBILECONFIG', anchor: 'ios-lite', platform: 'ios', labelKey: 'download.labels.iosLite' },
  { type: 'Android', anchor: 'android', platform: 'android', labelKey: 'download.labels.android' },
] as const;

export type AppResourceType = (typeof APP_RESOURCES)[number]['type'];

// The server's QR code of a resource (made from the brand's own URL); used when the resource names none.
export function qrCodeOf(resource: { resourceType: string; qrCodeUrl: string | null }): string {
  return resource.qrCodeUrl || `/wps/system/resources/${encodeURIComponent(resource.resourceType)}/qr.svg`;
}
