// The scheduling choice lists with their labels (docs/product/constants.md), built from the closed sets in
// _shared: the availability settings and every event type's 'Advanced' section offer the same ones.
import { BUFFER_CHOICES, FUTURE_CHOICES, NOTICE_CHOICES, SLOT_INTERVALS } from './shared.ts';

const NOTICE_LABELS: Record<(typeof NOTICE_CHOICES)[number], string> = {
  0: 'No minimum',
  60: '1 hour',
  120: '2 hours',
  240: '4 hours',
  1440: '1 day',
  2880: '2 days',
};

export const BUFFER_OPTIONS = BUFFER_CHOICES.map((value) => ({ value, label: `${value} minutes` }));
export const NOTICE_OPTIONS = NOTICE_CHOICES.map((value) => ({ value, label: NOTICE_LABELS[value] }));
export const FUTURE_OPTIONS = FUTURE_CHOICES.map((value) => ({ value, label: `${value} days` }));
export const SLOT_INTERVAL_OPTIONS = SLOT_INTERVALS.map((value) => ({
  value,
  label: value === 'duration' ? 'The event duration' : `Every ${value} minutes`,
}));

/** The names of the team assignment strategies (event type forms and cards, the public team page). */
export const ASSIGNMENT_LABELS: Record<string, string> = {
  round_robin: 'Round Robin',
  least_busy: 'Least Busy',
  specific_member: 'Specific Member',
};
