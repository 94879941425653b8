import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const SITE = 'Class of 2026';
const TITLES: Array<[RegExp, string]> = [
  [/^\/$/, 'Portal de graduación'],
  [/^\/auth\/?$/, 'Iniciar sesión'],
  [/^\/auth\/verificar\/?$/, 'Confirmar correo'],
  [/^\/auth\/recuperar\/?$/, 'Recuperar contraseña'],
  [/^\/auth\/restablecer\/?$/, 'Nueva contraseña'],
  [/^\/auth\/invitacion\/?$/, 'Invitación'],
  [/^\/cuenta\/?$/, 'Mi cuenta'],
  [/^\/admin(\/|$)/, 'Panel Administrativo'],
  [/^\/parent(\/|$)/, 'Portal de Padres'],
];

/** A title per route, so tabs and history entries say where they lead. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Página no encontrada';
    document.title = `${title} · ${SITE}`;
  }, [pathname]);
}
