// /calendar/{userId}: a person's public page by id.
import { useParams } from 'react-router-dom';
import { PublicProfileView } from './PublicProfileView.tsx';

export default function PublicCalendarPage() {
  const { userId = '' } = useParams();
  return <PublicProfileView by={{ userId }} variant="calendar" />;
}
