// The 404 page.
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';

export default function NotFoundPage() {
  return (
    <NotFoundMessage
      title="404 Page Not Found"
      text="The page you're looking for doesn't exist."
      action={
        <LinkButton to="/" variant="outline">
          Back to home
        </LinkButton>
      }
    />
  );
}
