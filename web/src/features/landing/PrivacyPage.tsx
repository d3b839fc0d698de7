// /privacy: the privacy policy.
import { StaticPage } from './StaticPage.tsx';

export default function PrivacyPage() {
  return <StaticPage title="privacy.title" paragraphs={['privacy.stored', 'privacy.guests', 'privacy.directory']} />;
}
