// The brand settings section's calls (/wps/admin/brand and the maintenance switch). Every change answers
// with little or nothing: the page reads the settings again afterwards, so that what it shows is what the
// server stored (the effective switch states are the server's to work out).
import type { components } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type BrandSettings = Schemas['BrandSettingsOut'];
export type SwitchNode = Schemas['SwitchOut'];
export type RegionRule = Schemas['RegionRuleOut'];
export type RegionRuleIn = Schemas['RegionRuleIn'];
export type RegisterField = Schemas['RegisterFieldOut'];
export type RegisterFieldIn = Schemas['RegisterFieldIn'];
export type BrandResource = Schemas['BrandResourceOut'];
export type ResourceIn = Schemas['ResourceIn'];
export type ResourceType = ResourceIn['resourceType'];
export type ServiceEntry = Schemas['BrandServiceEntryOut'];
export type ServiceEntryIn = Schemas['ServiceEntryIn'];
export type ServiceType = ServiceEntryIn['csType'];
export type MaintenanceIn = Schemas['MaintenanceIn'];
export type BrandWallet = Schemas['BrandWalletOut'];
export type WalletSettingsIn = Schemas['WalletSettingsIn'];
export type MaintenanceOut = Schemas['MaintenanceOut'];

// As the server accepts them (server/admin/brand_settings.py).
export const RESOURCE_TYPES: readonly ResourceType[] = ['FACEBOOK', 'EMAIL', 'IOS', 'MOBILECONFIG', 'Android', 'USDJUMP'];
export const SERVICE_TYPES: readonly ServiceType[] = ['LIVECHAT', 'VIP'];
export const LINK_MAX = 500;
export const LABEL_MAX = 64;
export const MESSAGE_MAX = 500;

const BRAND = '/wps/admin/brand';

export function readBrand(): Promise<BrandSettings> {
  return consoleCall<BrandSettings>(BRAND);
}

export function setSwitch(modId: string, enabled: boolean): Promise<null> {
  return consoleCall<null>(`${BRAND}/switches/${encodeURIComponent(modId)}`, { method: 'PUT', body: { enabled } });
}

export function setWalletSettings(body: WalletSettingsIn): Promise<null> {
  return consoleCall<null>(`${BRAND}/wallet`, { method: 'PUT', body });
}

export function setMaintenance(body: MaintenanceIn): Promise<MaintenanceOut> {
  return consoleCall<MaintenanceOut>('/wps/admin/merchant/maintenance', { method: 'PUT', body });
}

export function addRegionRule(body: RegionRuleIn): Promise<null> {
  return consoleCall<null>(`${BRAND}/regions`, { method: 'POST', body });
}

export function removeRegionRule(id: number): Promise<null> {
  return consoleCall<null>(`${BRAND}/regions/${id}`, { method: 'DELETE' });
}

export function setRegisterField(field: string, body: RegisterFieldIn): Promise<null> {
  return consoleCall<null>(`${BRAND}/register-fields/${encodeURIComponent(field)}`, { method: 'PUT', body });
}

export function addResource(body: ResourceIn): Promise<BrandResource> {
  return consoleCall<BrandResource>(`${BRAND}/resources`, { method: 'POST', body });
}

export function changeResource(id: number, body: ResourceIn): Promise<BrandResource> {
  return consoleCall<BrandResource>(`${BRAND}/resources/${id}`, { method: 'PUT', body });
}

export function removeResource(id: number): Promise<null> {
  return consoleCall<null>(`${BRAND}/resources/${id}`, { method: 'DELETE' });
}

export function addServiceEntry(body: ServiceEntryIn): Promise<ServiceEntry> {
  return consoleCall<ServiceEntry>(`${BRAND}/customer-service`, { method: 'POST', body });
}

export function changeServiceEntry(id: number, body: ServiceEntryIn): Promise<ServiceEntry> {
  return consoleCall<ServiceEntry>(`${BRAND}/customer-service/${id}`, { method: 'PUT', body });
}

export function removeServiceEntry(id: number): Promise<null> {
  return consoleCall<null>(`${BRAND}/customer-service/${id}`, { method: 'DELETE' });
}
