import { describe, expect, it } from 'vitest';
import { allowedTabs, can, canSeeTab, isRole, isTabKey, ROLES, TAB_KEYS, TAB_LABELS } from './authorization';

describe('the authorization map', () => {
  it('lists the tabs with the spec keys and labels, in sidebar order', () => {
    expect(TAB_KEYS.map((key) => [key, TAB_LABELS[key]])).toEqual([
      ['patients', 'Patients'],
      ['appointments', 'Appointments'],
      ['dentists', 'Dentists'],
      ['bills', 'Billing System'],
      ['procedures', 'Procedures'],
      ['clinicconfig', 'Clinic Config'],
      ['usersroles', 'Users & Roles'],
      ['chat', 'Chat'],
      ['reports', 'Reports'],
      ['recalls', 'Recalls'],
      ['waitlist', 'Waitlist'],
    ]);
  });

  it('gives superadmins and admins every tab', () => {
    expect(allowedTabs('superadmin')).toEqual([...TAB_KEYS]);
    expect(allowedTabs('admin')).toEqual([...TAB_KEYS]);
  });

  it('gives receptionists everything but clinic config and users & roles', () => {
    expect(allowedTabs('receptionist')).toEqual([
      'patients',
      'appointments',
      'dentists',
      'bills',
      'procedures',
      'chat',
      'reports',
      'recalls',
      'waitlist',
    ]);
  });

  it('gives dentists patients, appointments, billing and chat', () => {
    expect(allowedTabs('dentist')).toEqual(['patients', 'appointments', 'bills', 'chat']);
  });

  it('gives nobody anything without a role', () => {
    expect(allowedTabs(null)).toEqual([]);
    expect(canSeeTab(undefined, 'patients')).toBe(false);
  });

  it('lets only the superadmin switch and create clinics', () => {
    for (const role of ROLES) {
      expect(can(role, 'clinic:switch')).toBe(role === 'superadmin');
      expect(can(role, 'clinic:create')).toBe(role === 'superadmin');
      expect(can(role, 'billing:void')).toBe(role === 'superadmin' || role === 'admin');
    }
  });

  it('recognises roles and tab keys', () => {
    expect(isRole('receptionist')).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
    expect(isTabKey('usersroles')).toBe(true);
    expect(isTabKey('settings')).toBe(false);
  });
});
