// /{handle}: a person's public page.
import { useParams } from 'react-router-dom';
import { isUserId } from './hooks.ts';
import { PublicProfileView } from './PublicProfileView.tsx';

/** /{handle}; a community card of someone without a handle links to /{id}, served here too. */
export default function HandlePage() {
  const { handle = '' } = useParams();
  return <PublicProfileView by={isUserId(handle) ? { userId: handle } : { handle }} variant="handle" />;
}
