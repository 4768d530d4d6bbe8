// The brand forms' own checks (components/brand/rules.ts and the panels' request builders): what they refuse
// before sending, and the window conversion in the test zone (UTC+7, vite.config.ts).
import { describe, expect, it } from 'vitest';

import type { SwitchNode } from './brandApi';
import { regionRuleRequest } from './components/brand/RegionRules';
import { registerFieldRequest } from './components/brand/RegisterFields';
import { heldOff, isSiteLink, localToUtc, maintenanceRequest, resourceProblems, utcToLocal } from './components/brand/rules';
import { navFor } from './permissions';

const node = (modId: string, enabled: boolean, children: SwitchNode[] = []): SwitchNode => ({
  modId,
  enabled,
  effective: false,
  children,
});

describe('the brand rules the forms check before sending', () => {
  it('takes only https addresses and paths on the site as links', () => {
    for (const good of ['https://facebook.com/', '/down#ios', '/service?x=1', 'https://cdn.example.com/qr.png']) {
      expect(isSiteLink(good)).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'http://a.example', '//evil.example', '/\\evil', 'down', '/a b', 'https://u@x.example', '']) {
      expect(isSiteLink(bad)).toBe(false);
    }
    expect(resourceProblems({ resourceType: 'EMAIL', url: 'mailto:help@demo.test' })).toEqual({});
    expect(resourceProblems({ resourceType: 'IOS', url: 'mailto:help@demo.test' })).toEqual({ url: 'brand.resources.badUrl' });
    expect(resourceProblems({ resourceType: 'IOS', url: '/down', qrCodeUrl: 'data:x', label: 'x'.repeat(65) })).toEqual({
      qrCodeUrl: 'brand.resources.badUrl',
      label: 'brand.resources.labelTooLong',
    });
  });

  it('sends a window typed in the browser zone (here UTC+7) as UTC instants', () => {
    expect(localToUtc('2026-12-01T22:30')).toBe('2026-12-01T15:30:00.000Z');
    expect(utcToLocal('2026-12-01T15:30:00Z')).toBe('2026-12-01T22:30');
    expect(localToUtc('tomorrow')).toBeNull();
    const form = { mode: 'schedule' as const, start: '2026-12-01T22:30', end: '2026-12-01T22:00', message: '' };
    expect(maintenanceRequest(form)).toEqual({ problems: { end: 'brand.maintenance.endBeforeStart' } });
    expect(maintenanceRequest({ ...form, end: '' })).toEqual({
      body: { on: false, start: '2026-12-01T15:30:00.000Z', end: null, message: null },
    });
    expect(maintenanceRequest({ ...form, mode: 'now', message: ' x '.repeat(300) })).toEqual({
      problems: { message: 'brand.maintenance.messageTooLong' },
    });
    // 500 characters that are two UTF-16 units each still fit.
    expect(maintenanceRequest({ ...form, mode: 'now', message: '😀'.repeat(500) })).toHaveProperty('body');
  });

  it('knows which switches a switch above holds off, and checks rules and lengths', () => {
    const tree = [node('GAME3', true, [node('RNG3', true)]), node('AGENT3', false, [node('DIVIDEND3', true), node('DAILYSALARY3', false)])];
    expect([...heldOff(tree)]).toEqual(['DIVIDEND3']);
    expect(regionRuleRequest('BLOCK', 'country', ' ph ')).toEqual({ action: 'BLOCK', country: 'PH' });
    expect(regionRuleRequest('ALLOW', 'country', 'PHL')).toBeNull();
    expect(regionRuleRequest('ALLOW', 'network', '10.0.0.0/8')).toEqual({ action: 'ALLOW', network: '10.0.0.0/8' });
    const row = { enabled: true, required: true, minLength: '6', maxLength: '16' };
    expect(registerFieldRequest(row, 1)).toEqual({ enabled: true, required: true, minLength: 6, maxLength: 16, patternId: 1 });
    expect(registerFieldRequest({ ...row, minLength: '20' }, 1)).toBe('brand.fields.minAboveMax');
    expect(registerFieldRequest({ ...row, maxLength: '300' }, 1)).toBe('brand.fields.badLengths');
    expect(registerFieldRequest({ ...row, enabled: false }, 1)).toBe('brand.fields.requiredOffered');
  });

  it('opens the section with brand.read', () => {
    expect(navFor(['brand.read']).map((section) => section.path)).toEqual(['/brand']);
    expect(navFor(['brand.write'])).toEqual([]);
  });
});
