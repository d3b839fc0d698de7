import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/utils.tsx';
import { ColorPicker } from './ColorPicker.tsx';

function Picker() {
  const [color, setColor] = useState<string>('#10b981');
  return <ColorPicker value={color} onChange={setColor} />;
}

describe('ColorPicker', () => {
  it('is one Tab stop, the chosen colour, and the arrows choose the next and the previous one, round the ends', async () => {
    renderUi(<Picker />, '/', 'app');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveFocus();
    expect(screen.getAllByRole('radio').filter((radio) => radio.tabIndex === 0)).toHaveLength(1);

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Orange' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Orange' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Cyan' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Cyan' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Green' })).toHaveAttribute('aria-checked', 'false');

    // Tab leaves the group rather than walking through the swatches.
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).not.toBe('radio');
  });
});
