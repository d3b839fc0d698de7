// /terms: the terms of service.
import { StaticPage } from './StaticPage.tsx';

export default function TermsPage() {
  return <StaticPage title="terms.title" paragraphs={['terms.use', 'terms.responsibility', 'terms.asIs']} />;
}
