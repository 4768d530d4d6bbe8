import { call, type Schemas } from './client';

export type Brand = Schemas['BrandOut'];
export type SystemStatus = Schemas['StatusOut'];
export type SettingNode = Schemas['SettingNode'];
export type Resource = Schemas['ResourceOut'];

export function getDomainRoute(domain: string): Promise<Brand> {
  return call<Brand>('/wps/system/domainRoute', { query: { domain }, withoutMerchant: true });
}

export function getSystemStatus(url: string): Promise<SystemStatus> {
  return call<SystemStatus>('/wps/system/status', { query: { url } });
}
