// The dashboard's call (/wps/admin/dashboard): the merchant's figures for each of the last days (UTC, oldest
// first, the last one today) and the players seen in the last five minutes. Amounts are decimal strings, as
// the server formats them. Session problems are the app's to handle (api.ts consoleCall).
import type { components } from '../api/schema';
import { consoleCall } from './api';

type Schemas = components['schemas'];

export type Dashboard = Schemas['DashboardOut'];
export type DashboardDay = Schemas['DayOut'];

// The periods offered; the server takes 1..31.
export const DAY_CHOICES = [7, 14, 30] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];
export const DEFAULT_DAYS: DayChoice = 7;

// Players online and today's figures move all day: read again this often while the page is in view.
export const REFRESH_MS = 30_000;

export function readDashboard(days: DayChoice, signal?: AbortSignal): Promise<Dashboard> {
  return consoleCall<Dashboard>('/wps/admin/dashboard', { query: { days }, signal });
}

// The period in the address (?days=), or the default for anything not offered.
export function dayChoice(value: string | null): DayChoice {
  const n = Number(value);
  return (DAY_CHOICES as readonly number[]).includes(n) ? (n as DayChoice) : DEFAULT_DAYS;
}
