// The 404 page.
import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { NotFoundMessage } from '../../components/EmptyState.tsx';

export default function NotFoundPage() {
  return (
    <NotFoundMessage
      title="404 Page Not Found"
      text="The page you're looking for doesn't exist."
      action={
        <Button asChild variant="outline">
          <Link to="/">Back to home</Link>
        </Button>
      }
    />
  );
}
