import { describe, expect, it } from 'vitest';
import { EVENT_RULE_COLUMNS, eventRuleColumns, eventRulesOf, eventTypeColumns, teamEventTypeColumns } from './event-types.ts';
import { eventTypeSchema, teamEventTypeSchema } from './schemas.ts';

const member = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('event type columns', () => {
  it('maps the form fields to snake_case columns', () => {
    expect(eventTypeColumns({ title: 'Intro', description: null, duration: 45, color: '#10b981', isActive: false, autoConfirm: false })).toEqual({
      title: 'Intro',
      description: null,
      duration: 45,
      color: '#10b981',
      is_active: false,
      auto_confirm: false,
    });
  });

  it('maps a price in minor units and its currency, and leaves both out when not given', () => {
    const paid = eventTypeSchema.parse({ title: 'Paid', duration: 30, priceCents: 1500, currency: 'jpy' });
    expect(eventTypeColumns(paid)).toMatchObject({ price_cents: 1500, currency: 'jpy' });
    expect(eventTypeColumns(eventTypeSchema.parse({ title: 'Kept', duration: 30 }))).not.toHaveProperty('price_cents');
    expect(eventTypeColumns(eventTypeSchema.parse({ title: 'Kept', duration: 30 }))).not.toHaveProperty('currency');
    for (const bad of [{ priceCents: -1 }, { priceCents: 19.5 }, { currency: 'USD' }, { currency: 'xyz' }, { priceCents: 1050, currency: 'isk' }, { priceCents: 5123, currency: 'kwd' }]) {
      expect(eventTypeSchema.safeParse({ title: 'Bad', duration: 30, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(teamEventTypeSchema.safeParse({ title: 'Team', priceCents: 4500, currency: 'eur' }).success).toBe(true);
  });

  it('keeps a specific member only for the specific-member strategy', () => {
    const specific = teamEventTypeSchema.parse({ title: 'Demo', assignmentType: 'specific_member', specificMemberId: member });
    expect(teamEventTypeColumns(specific)).toMatchObject({ assignment_type: 'specific_member', specific_member_id: member, requires_all_members: false });
    const roundRobin = { ...specific, assignmentType: 'round_robin' as const };
    expect(teamEventTypeColumns(roundRobin)).toMatchObject({ assignment_type: 'round_robin', specific_member_id: null });
  });
});

describe('event type rules', () => {
  it('map to their columns only when given, so an update keeps the others', () => {
    expect(eventRuleColumns({ bufferBefore: 15, minimumNotice: null, slotInterval: 'duration' })).toEqual({
      buffer_before: 15,
      minimum_notice: null,
      slot_interval: 'duration',
    });
    expect(eventRuleColumns({ slotInterval: 60 })).toEqual({ slot_interval: '60' });
    expect(eventRuleColumns({})).toEqual({});
    expect(eventTypeColumns({ title: 'T', description: null, duration: 30, color: '#3b82f6', isActive: true, autoConfirm: true, maxBookingsPerDay: 3 })).toMatchObject({
      max_bookings_per_day: 3,
    });
  });

  it('read back as the forms send them', () => {
    const row = {
      buffer_before: 5, buffer_after: null, minimum_notice: 60, max_future_bookings: null, slot_interval: '15' as const,
      max_bookings_per_day: null, max_bookings_per_week: 10,
    };
    expect(eventRulesOf(row)).toEqual({
      bufferBefore: 5, bufferAfter: null, minimumNotice: 60, maxFutureBookings: null, slotInterval: 15, maxBookingsPerDay: null, maxBookingsPerWeek: 10,
    });
    expect(eventRulesOf({ ...row, slot_interval: 'duration' }).slotInterval).toBe('duration');
    expect(eventRuleColumns(eventRulesOf(row))).toEqual(row);
    expect(EVENT_RULE_COLUMNS.split(', ').sort()).toEqual(Object.keys(row).sort());
  });
});
