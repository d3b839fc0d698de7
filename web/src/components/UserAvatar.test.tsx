import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/utils.tsx';
import { avatarThumbnail, UserAvatar } from './UserAvatar.tsx';

describe('avatarThumbnail', () => {
  it("asks Storage's image transformation for a square thumbnail of a stored picture, at twice its size", () => {
    expect(avatarThumbnail('https://ref.supabase.co/storage/v1/object/public/avatars/u1/avatar-1.png', 40)).toBe(
      'https://ref.supabase.co/storage/v1/render/image/public/avatars/u1/avatar-1.png?width=80&height=80&resize=cover',
    );
  });

  it("leaves other pictures (an OAuth provider's) as they are", () => {
    const google = 'https://lh3.googleusercontent.com/a/abc=s96-c';
    expect(avatarThumbnail(google, 40)).toBe(google);
  });
});

describe('UserAvatar', () => {
  const picture = 'https://lh3.googleusercontent.com/a/abc=s96-c';

  it('is one image named for the person: their picture, over their initials', async () => {
    renderUi(<UserAvatar person={{ first_name: 'Ada', last_name: 'Host', profile_image_url: picture }} />);
    const avatar = await screen.findByRole('img', { name: 'Ada Host' });
    expect(avatar).toHaveAttribute('src', picture);
    expect(screen.getAllByRole('img')).toHaveLength(1);
    expect(screen.getByText('AH')).toBeInTheDocument();
  });

  it('shows the initials alone, named for the person, when the picture fails to load', async () => {
    renderUi(<UserAvatar person={{ first_name: 'Ada', last_name: 'Host', profile_image_url: picture }} />);
    fireEvent.error(await screen.findByRole('img', { name: 'Ada Host' }));
    const initials = screen.getByRole('img', { name: 'Ada Host' });
    expect(initials.tagName).toBe('SPAN');
    expect(initials).toHaveTextContent('AH');
  });

  it('is decorative when the person has no name', async () => {
    const { container } = renderUi(<UserAvatar person={{ first_name: null, last_name: null }} />);
    await screen.findByText('?');
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
