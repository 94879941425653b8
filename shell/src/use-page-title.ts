import { useEffect } from 'react';
import { useLocation } from '@portal/ui/router';
import { usePublicConfig } from '@portal/api-client/session';
import { texts } from './texts';

const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Portal de graduación'],
  [/^\/auth\/?$/, 'Iniciar sesión'],
  [/^\/auth\/verificar\/?$/, 'Confirmar correo'],
  [/^\/auth\/recuperar\/?$/, 'Recuperar contraseña'],
  [/^\/auth\/restablecer\/?$/, 'Nueva contraseña'],
  [/^\/auth\/invitacion\/?$/, 'Invitación'],
  [/^\/auth\/invitacion-admin\/?$/, 'Invitación al comité'],
  [/^\/cuenta\/?$/, 'Mi cuenta'],
  [/^\/admin(\/|$)/, 'Panel Administrativo'],
  [/^\/parent(\/|$)/, 'Portal de Padres'],
];

/**
 * A title per route, so tabs and history entries say where they lead, with the class year of the
 * settings (it changes when the portal is reused); until that is known the site name is left out
 * rather than showing a year that may be wrong.
 */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  const classYear = usePublicConfig()?.classYear;
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Página no encontrada';
    document.title = classYear ? `${title} · ${texts.landing.title(classYear)}` : title;
  }, [pathname, classYear]);
}
