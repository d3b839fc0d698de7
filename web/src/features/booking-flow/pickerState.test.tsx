// The booking page's place in its address: changes made faster than the page renders all land.
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { usePickerPlace } from './pickerState.ts';

function renderPlace(address: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[address]}>{children}</MemoryRouter>;
  return renderHook(
    () => ({ picker: usePickerPlace(true, 'Asia/Kathmandu'), search: new URLSearchParams(useLocation().search), navigate: useNavigate() }),
    { wrapper },
  );
}

describe('usePickerPlace in the address', () => {
  it('keeps a new zone when a day is pressed before the zone has rendered', () => {
    const { result } = renderPlace('/book/1?embed=1');
    const [, change] = result.current.picker;
    act(() => {
      change({ zone: 'America/New_York', time: null, push: true });
      change({ date: '2026-12-01', month: null, time: null, push: true });
    });
    expect(Object.fromEntries(result.current.search)).toEqual({ embed: '1', tz: 'America/New_York', date: '2026-12-01' });
    expect(result.current.picker[0]).toMatchObject({ date: '2026-12-01', zone: 'America/New_York' });
  });

  it('starts again from an address the router shows after a change from elsewhere (Back, a link)', () => {
    const { result } = renderPlace('/book/1?date=2026-12-01&tz=Asia/Tokyo');
    expect(result.current.picker[0]).toMatchObject({ date: '2026-12-01', zone: 'Asia/Tokyo', time: null });
    act(() => result.current.picker[1]({ date: '2026-12-02', push: true }));
    act(() => void result.current.navigate(-1));
    expect(result.current.picker[0]).toMatchObject({ date: '2026-12-01', zone: 'Asia/Tokyo' });
    act(() => result.current.picker[1]({ time: '2026-12-01T01:00:00.000Z' }));
    expect(Object.fromEntries(result.current.search)).toEqual({ date: '2026-12-01', tz: 'Asia/Tokyo', time: '2026-12-01T01:00:00.000Z' });
  });
});
