import { useUser } from '@portal/api-client/session';
import { formatDateTime } from '@portal/format';
import CheckInView from '../gala/CheckInView';
import { galaTexts } from '../gala/gala-texts';
import '../gala/gala.css';

const t = galaTexts.doorPage;

/**
 * A door volunteer's whole app, mounted by the shell at /door (the remote's `./Door`): the gala's
 * check-in and arrivals and nothing else of the panel, whose code it never loads.
 */
export default function DoorApp() {
  const { user } = useUser();
  return (
    <section className="gala gala-door-page">
      <header className="gala-door-page__header">
        <h1>{t.title}</h1>
        {user?.accessUntil && <p className="gala-muted">{t.until(formatDateTime(new Date(Date.parse(user.accessUntil) - 60_000)))}</p>}
      </header>
      <CheckInView />
    </section>
  );
}
