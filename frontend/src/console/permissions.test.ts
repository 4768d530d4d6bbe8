import { describe, expect, it } from 'vitest';

import { can, navFor } from './permissions';

// The permissions /session/me answers for each role (server/admin/roles.py).
const OPERATOR = [
  'audit.read',
  'bonus.grant',
  'brand.write',
  'cashier.act',
  'cashier.read',
  'members.read',
  'outbox.read',
  'staff.manage',
  'staff.read',
];
const FINANCE = ['cashier.act', 'cashier.read', 'members.read'];
const SUPPORT = ['members.read'];
const AUDITOR = ['audit.read', 'cashier.read', 'members.read', 'staff.read'];

const paths = (permissions: string[]) => navFor(permissions).map((section) => section.path);

describe('the navigation a login sees', () => {
  it('shows Staff with staff.read and the audit log with audit.read, in that order', () => {
    expect(paths(OPERATOR)).toEqual(['/staff', '/audit']);
    expect(paths(AUDITOR)).toEqual(['/staff', '/audit']);
    expect(paths(['audit.read'])).toEqual(['/audit']);
    expect(paths(['staff.read'])).toEqual(['/staff']);
  });

  it('is empty for the roles that have neither (SUPPORT, FINANCE today)', () => {
    expect(paths(SUPPORT)).toEqual([]);
    expect(paths(FINANCE)).toEqual([]);
    expect(paths([])).toEqual([]);
  });

  it('labels each section through i18n', () => {
    expect(navFor(OPERATOR).map((section) => section.labelKey)).toEqual(['sections.staff', 'sections.audit']);
  });

  it('offers changes to staff only with staff.manage', () => {
    expect(can(OPERATOR, 'staff.manage')).toBe(true);
    expect(can(AUDITOR, 'staff.manage')).toBe(false);
    expect(can(undefined, 'staff.read')).toBe(false);
  });
});
