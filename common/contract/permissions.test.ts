import { describe, expect, it } from 'vitest';
import {
  CLINIC_ROLES,
  hasPermission,
  isStaffRole,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  rolesWith,
  STAFF_ROLES,
} from './permissions';

describe('the permission table', () => {
  it('names the staff roles, and the clinic roles without the superadmin', () => {
    expect(STAFF_ROLES).toEqual(['superadmin', 'admin', 'receptionist', 'dentist']);
    expect(CLINIC_ROLES).toEqual(['admin', 'receptionist', 'dentist']);
  });

  it('gives the superadmin every permission, and clinics.manage to nobody else', () => {
    for (const permission of PERMISSIONS) expect(hasPermission('superadmin', permission)).toBe(true);
    expect(rolesWith('clinics.manage')).toEqual(['superadmin']);
  });

  it('gives admins everything the front desk and dentists have, and the front desk everything dentists have but charting and planning', () => {
    expect(ROLE_PERMISSIONS.admin).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS.receptionist]));
    expect(ROLE_PERMISSIONS.admin).toEqual(expect.arrayContaining([...ROLE_PERMISSIONS.dentist]));
    const dentistsButCharting = ROLE_PERMISSIONS.dentist.filter(
      (permission) => permission !== 'chart.write' && permission !== 'plan.write',
    );
    expect(ROLE_PERMISSIONS.receptionist).toEqual(expect.arrayContaining(dentistsButCharting));
  });

  it('lets dentists and admins chart, and the front desk only read the chart', () => {
    expect(rolesWith('chart.write')).toEqual(['superadmin', 'admin', 'dentist']);
    expect(rolesWith('chart.read')).toEqual(['superadmin', 'admin', 'receptionist', 'dentist']);
  });

  it('lets dentists and admins plan treatment, and every clinic role read plans and record decisions', () => {
    expect(rolesWith('plan.write')).toEqual(['superadmin', 'admin', 'dentist']);
    expect(rolesWith('plan.read')).toEqual(['superadmin', 'admin', 'receptionist', 'dentist']);
    expect(rolesWith('plan.decide')).toEqual(['superadmin', 'admin', 'receptionist', 'dentist']);
  });

  it('lists each permission of a role once', () => {
    for (const role of CLINIC_ROLES) {
      expect(new Set(ROLE_PERMISSIONS[role]).size).toBe(ROLE_PERMISSIONS[role].length);
    }
  });

  it('keeps voids, staff, settings and the audit trail to admins', () => {
    for (const permission of ['billing.void', 'users.manage', 'clinic.configure', 'audit.read'] as const) {
      expect(rolesWith(permission)).toEqual(['superadmin', 'admin']);
    }
    expect(rolesWith('recalls.manage')).toEqual(['superadmin', 'admin', 'receptionist']);
    expect(rolesWith('patients.write')).toEqual([...STAFF_ROLES]);
  });

  it('gives nothing to a missing role or a string that is no staff role', () => {
    expect(hasPermission(null, 'patients.read')).toBe(false);
    expect(hasPermission(undefined, 'patients.read')).toBe(false);
    expect(hasPermission('owner', 'patients.read')).toBe(false);
    expect(hasPermission('toString', 'patients.read')).toBe(false);
    expect(isStaffRole('dentist')).toBe(true);
    expect(isStaffRole('Dentist')).toBe(false);
  });
});
