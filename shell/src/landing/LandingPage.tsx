import { Link } from '@portal/ui/router';
import { usePublicConfig } from '@portal/api-client/session';
import heroUrl from '../assets/hero.svg';
import { texts } from '../texts';

const DEFAULT_YEAR = 2026;

/** wa.me wants the number as digits only. */
const chatLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

export function LandingPage() {
  const config = usePublicConfig();
  const year = config?.classYear ?? DEFAULT_YEAR;
  return (
    <div className="landing">
      <section className="landing__hero">
        <img className="landing__image" src={heroUrl} alt={texts.landing.heroAlt} width={800} height={420} />
        <div className="landing__content">
          <h1 className="landing__title">{texts.landing.title(year)}</h1>
          <p className="landing__tagline">{texts.landing.tagline}</p>
          <div className="landing__actions">
            <Link to="/auth" className="ui-button ui-button--secondary">
              {texts.landing.enter}
            </Link>
            {config && (
              <a className="ui-button ui-button--outline" href={chatLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
                {texts.landing.contact}
              </a>
            )}
          </div>
        </div>
      </section>
      <footer className="landing__footer">
        <h2>{texts.landing.footerHeading}</h2>
        {config && (
          <ul>
            <li>
              <a href={chatLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
                {texts.landing.chat(config.contactPhone)}
              </a>
            </li>
            <li>
              <a href={`mailto:${config.contactEmail}`}>{texts.landing.email(config.contactEmail)}</a>
            </li>
          </ul>
        )}
        <p className="landing__copyright">{texts.landing.copyright(year)}</p>
      </footer>
    </div>
  );
}
