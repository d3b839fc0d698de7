import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, rpc } from '../test/utils.tsx';
import { preloadPages } from './router.tsx';
import { server } from '../test/server.ts';

describe('routes', () => {
  it('shows the 404 screen for a path no route matches', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it('shows a page loaded before the first render in that render, with no loading spinner first', async () => {
    await preloadPages('/privacy');
    renderRoute('/privacy');
    expect(screen.getByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).toBeNull();
  });

  it('sends a single segment to the public profile by handle', async () => {
    server.use(rpc('public_profile_by_handle', []));
    renderRoute('/nobody-here');
    expect(await screen.findByRole('heading', { name: 'User Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The calendar you're looking for doesn't exist.")).toBeInTheDocument();
  });
});
