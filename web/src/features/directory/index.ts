// The directory feature as other features use it: public profiles and their card.
export { ProfileCard } from './ProfileCard.tsx';
export { useDirectoryProfiles } from './hooks.ts';
