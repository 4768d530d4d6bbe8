import { call, type Schemas } from './client';

export type Brand = Schemas['BrandOut'];
export type SystemStatus = Schemas['StatusOut'];
export type SettingNode = Schemas['SettingNode'];
export type Resource = Schemas['ResourceOut'];
export type Theme = Schemas['ThemeOut'];
export type ThemeBanner = Schemas['ThemeBanner'];

export function getDomainRoute(domain: string): Promise<Brand> {
  return call<Brand>('/wps/system/domainRoute', { query: { domain }, withoutMerchant: true });
}

// The page's address names the merchant too, so the boot can ask before it knows the merchant
// (`byAddress`), at the same time as the domain lookup.
export function getSystemStatus(url: string, { byAddress = false } = {}): Promise<SystemStatus> {
  return call<SystemStatus>('/wps/system/status', { query: { url }, withoutMerchant: byAddress });
}
