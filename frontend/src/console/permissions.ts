// What the console offers a login: the sections its permissions open. The server checks every call anyway;
// the console only leaves out what the server would refuse.

export const STAFF_READ = 'staff.read';
export const STAFF_MANAGE = 'staff.manage';
export const AUDIT_READ = 'audit.read';

export interface Section {
  path: string; // under /console
  labelKey: string; // i18n key
  permission: string;
}

// In the order the navigation shows them.
export const SECTIONS: readonly Section[] = [
  { path: '/staff', labelKey: 'sections.staff', permission: STAFF_READ },
  { path: '/audit', labelKey: 'sections.audit', permission: AUDIT_READ },
];

export function navFor(permissions: readonly string[]): Section[] {
  return SECTIONS.filter((section) => permissions.includes(section.permission));
}

export function can(permissions: readonly string[] | undefined, permission: string): boolean {
  return permissions?.includes(permission) ?? false;
}

export const ROLES = ['OPERATOR', 'FINANCE', 'SUPPORT', 'AUDITOR'] as const;
export type Role = (typeof ROLES)[number];
