import { Link } from '@portal/ui/router';
import { texts } from '../texts';

export function NotFoundPage() {
  return (
    <section className="ui-page-center shell-not-found">
      <h1>{texts.notFound.heading}</h1>
      <p>{texts.notFound.body}</p>
      <Link to="/" className="ui-button ui-button--primary">
        {texts.notFound.back}
      </Link>
    </section>
  );
}
