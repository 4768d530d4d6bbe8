import { describe, expect, it } from 'vitest';

import {
  AGENTS_MANAGE,
  AGENTS_READ,
  can,
  MEMBERS_MANAGE,
  MEMBERS_NOTE,
  navFor,
  PROMOTIONS_READ,
  PROMOTIONS_WRITE,
} from './permissions';

// The permissions /session/me answers for each role (server/admin/roles.py).
const OPERATOR = [
  'audit.read',
  'bonus.grant',
  'brand.read',
  'brand.write',
  'cashier.act',
  'cashier.read',
  'dashboard.read',
  'members.manage',
  'members.note',
  'members.read',
  'outbox.read',
  'promotions.read',
  'promotions.write',
  'staff.manage',
  'staff.read',
];
const FINANCE = ['cashier.act', 'cashier.read', 'dashboard.read', 'members.read'];
const SUPPORT = ['members.note', 'members.read'];
const AUDITOR = [
  'audit.read',
  'brand.read',
  'cashier.read',
  'dashboard.read',
  'members.read',
  'promotions.read',
  'staff.read',
];

const paths = (permissions: string[]) => navFor(permissions).map((section) => section.path);

describe('the navigation a login sees', () => {
  it('shows the dashboard first (the landing page), then the daily work, then staff and the audit log', () => {
    expect(paths(OPERATOR)).toEqual(['/dashboard', '/members', '/cashier', '/brand', '/promotions', '/staff', '/audit']);
    expect(paths(AUDITOR)).toEqual(['/dashboard', '/members', '/cashier', '/brand', '/promotions', '/staff', '/audit']);
    expect(paths(['dashboard.read'])).toEqual(['/dashboard']);
    expect(paths(['audit.read'])).toEqual(['/audit']);
    expect(paths(['staff.read'])).toEqual(['/staff']);
  });

  it('shows SUPPORT only Members, and FINANCE the dashboard, Members and the cashier desk', () => {
    expect(paths(SUPPORT)).toEqual(['/members']);
    expect(paths(FINANCE)).toEqual(['/dashboard', '/members', '/cashier']);
  });

  it('puts the support desk (chat.read) right after Members', () => {
    expect(paths([...SUPPORT, 'chat.answer', 'chat.read'])).toEqual(['/members', '/support']);
    expect(paths([...OPERATOR, 'chat.answer', 'chat.read', 'chat.supervise'])).toEqual([
      '/dashboard',
      '/members',
      '/support',
      '/cashier',
      '/brand',
      '/promotions',
      '/staff',
      '/audit',
    ]);
  });

  it('puts Agents (agents.read) after Members and the support desk', () => {
    expect(paths([...FINANCE, AGENTS_READ])).toEqual(['/dashboard', '/members', '/agents', '/cashier']);
    expect(paths([...OPERATOR, 'chat.read', AGENTS_READ, AGENTS_MANAGE])).toEqual([
      '/dashboard',
      '/members',
      '/support',
      '/agents',
      '/cashier',
      '/brand',
      '/promotions',
      '/staff',
      '/audit',
    ]);
    expect(paths([AGENTS_MANAGE])).toEqual([]);
    expect(navFor([AGENTS_READ]).map((section) => section.labelKey)).toEqual(['agents.nav']);
  });

  it('offers and ends contracts only with agents.manage (the operator), not FINANCE or the auditor', () => {
    expect([AGENTS_READ, AGENTS_MANAGE]).toEqual(['agents.read', 'agents.manage']);
    const operator = [...OPERATOR, AGENTS_READ, AGENTS_MANAGE];
    const finance = [...FINANCE, AGENTS_READ];
    const auditor = [...AUDITOR, AGENTS_READ];
    expect([operator, finance, SUPPORT, auditor].map((role) => can(role, AGENTS_READ))).toEqual([true, true, false, true]);
    expect([operator, finance, SUPPORT, auditor].map((role) => can(role, AGENTS_MANAGE))).toEqual([true, false, false, false]);
  });

  it('puts Promotions (promotions.read) after Content and before Feedback', () => {
    expect([PROMOTIONS_READ, PROMOTIONS_WRITE]).toEqual(['promotions.read', 'promotions.write']);
    expect(paths(['content.read', 'feedback.read', PROMOTIONS_READ])).toEqual(['/content', '/promotions', '/feedback']);
    expect(navFor([PROMOTIONS_READ]).map((section) => section.labelKey)).toEqual(['promotions.nav']);
    // Writing alone opens nothing: the section is there for whoever reads it.
    expect(paths([PROMOTIONS_WRITE])).toEqual([]);
  });

  it('changes promotions only with promotions.write (the operator), the auditor reads them', () => {
    expect([OPERATOR, FINANCE, SUPPORT, AUDITOR].map((role) => can(role, PROMOTIONS_READ))).toEqual([true, false, false, true]);
    expect([OPERATOR, FINANCE, SUPPORT, AUDITOR].map((role) => can(role, PROMOTIONS_WRITE))).toEqual([true, false, false, false]);
  });

  it('is empty without any of those permissions', () => {
    expect(paths(['outbox.read', 'brand.write', PROMOTIONS_WRITE])).toEqual([]);
    expect(paths([])).toEqual([]);
  });

  it('labels each section through i18n', () => {
    expect(navFor(OPERATOR).map((section) => section.labelKey)).toEqual([
      'dashboard.nav',
      'sections.members',
      'cashier.nav',
      'brand.nav',
      'promotions.nav',
      'sections.staff',
      'sections.audit',
    ]);
  });

  it('offers changes to staff only with staff.manage', () => {
    expect(can(OPERATOR, 'staff.manage')).toBe(true);
    expect(can(AUDITOR, 'staff.manage')).toBe(false);
    expect(can(undefined, 'staff.read')).toBe(false);
  });

  it('offers lock / log-out only to the operator, and notes to the operator and support', () => {
    expect([OPERATOR, FINANCE, SUPPORT, AUDITOR].map((role) => can(role, MEMBERS_MANAGE))).toEqual([true, false, false, false]);
    expect([OPERATOR, FINANCE, SUPPORT, AUDITOR].map((role) => can(role, MEMBERS_NOTE))).toEqual([true, false, true, false]);
  });
});
