import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/utils.tsx';
import { MonthCalendar, monthGridDays } from './MonthCalendar.tsx';

function Picker({ onSelect }: { onSelect: (day: Date) => void }) {
  const [month, setMonth] = useState(new Date(2026, 1, 1));
  // Weekends disabled.
  return (
    <MonthCalendar month={month} onMonthChange={setMonth} onSelect={onSelect} isDisabled={(day) => day.getDay() % 6 === 0} label="Pick" />
  );
}

describe('MonthCalendar', () => {
  it('lays out whole Monday-first weeks', () => {
    const days = monthGridDays(new Date(2026, 1, 1)); // February 2026: Sunday the 1st to Saturday the 28th
    expect(days[0]).toEqual(new Date(2026, 0, 26));
    expect(days).toHaveLength(35);
    expect(days.at(-1)).toEqual(new Date(2026, 2, 1));
    expect(monthGridDays(new Date(2026, 2, 1))).toHaveLength(42); // March: Sunday the 1st to Tuesday the 31st
  });

  it('moves one month per arrow and by keyboard between enabled days', async () => {
    const onSelect = vi.fn();
    renderUi(<Picker onSelect={onSelect} />);
    const user = userEvent.setup();
    expect(screen.getByText('February 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6); // the weekday header and five weeks
    expect(screen.getByRole('gridcell', { name: 'Saturday, February 7, 2026' })).toBeDisabled();
    const friday = screen.getByRole('gridcell', { name: 'Friday, February 6, 2026' });
    friday.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('gridcell', { name: 'Monday, February 9, 2026' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('gridcell', { name: 'Monday, February 2, 2026' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(new Date(2026, 1, 2));
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByText('March 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByText('January 2026')).toBeInTheDocument();
  });

  it('marks today only when it can be picked, so it never looks like a free day', () => {
    const today = new Date();
    const name = format(today, 'EEEE, MMMM d, yyyy');
    const { unmount } = renderUi(<MonthCalendar month={today} onMonthChange={() => {}} onSelect={() => {}} isDisabled={() => true} label="Closed" />);
    expect(screen.getByRole('gridcell', { name })).not.toHaveAttribute('data-today');
    expect(screen.getByRole('gridcell', { name })).not.toHaveAttribute('aria-current');
    unmount();
    renderUi(<MonthCalendar month={today} onMonthChange={() => {}} onSelect={() => {}} isDisabled={() => false} label="Open" />);
    expect(screen.getByRole('gridcell', { name })).toHaveAttribute('data-today');
    expect(screen.getByRole('gridcell', { name })).toHaveAttribute('aria-current', 'date');
  });

  it('points its month arrows and moves its arrow keys the way a right-to-left page reads', async () => {
    localStorage.setItem('kairos.locale', 'ar');
    const onSelect = vi.fn();
    renderUi(<Picker onSelect={onSelect} />);
    const user = userEvent.setup();
    // In Arabic the earlier month is to the right: its arrow points right, the later month's left.
    const previous = await screen.findByRole('button', { name: 'الشهر السابق' });
    expect(previous.querySelector('svg')).toHaveClass('lucide-chevron-right');
    expect(screen.getByRole('button', { name: 'الشهر التالي' }).querySelector('svg')).toHaveClass('lucide-chevron-left');
    // The days run right to left: the left arrow goes to the next one, the right arrow to the one before.
    const days = screen.getAllByRole('gridcell').filter((cell) => cell.tagName === 'BUTTON' && !(cell as HTMLButtonElement).disabled);
    days[1].focus();
    await user.keyboard('{ArrowLeft}');
    expect(days[2]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(days[0]).toHaveFocus();
    localStorage.removeItem('kairos.locale');
  });
});
