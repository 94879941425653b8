import { useUser } from '@portal/api-client/session';
import { doorWindowText } from '@portal/format';
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
        {user?.accessFrom && <p className="gala-muted">{t.window(doorWindowText(user.accessFrom))}</p>}
      </header>
      <CheckInView />
    </section>
  );
}
