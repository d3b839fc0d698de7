import { describe, expect, it } from 'vitest';
import { avatarThumbnail } from './UserAvatar.tsx';

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
