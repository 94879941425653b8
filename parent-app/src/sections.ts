import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Bell, BookOpenCheck, CalendarDays, Home, PartyPopper, Wallet, type LucideIcon } from 'lucide-react';
import { useMyBooksAnswers, useNoticesSeen } from '@portal/api-client/menu-counts';
import PortalSection from './portal/PortalSection';
import { texts } from './texts';

export interface ParentSection {
  path: string;
  label: string;
  shortLabel: string;
  icon: LucideIcon;
  /**
   * Each section is its own chunk, so a parent downloads only the section opened; but 'Mi Portal',
   * where every sign-in lands, comes with the app, so its files are among those the page preloads.
   */
  Component: ComponentType | LazyExoticComponent<ComponentType>;
  badge?: { count: number; label: string };
}

const { sections } = texts;

export const PARENT_SECTIONS: ParentSection[] = [
  { path: '', ...sections.portal, icon: Home, Component: PortalSection },
  { path: 'eventos', ...sections.events, icon: CalendarDays, Component: lazy(() => import('./events/EventsSection')) },
  { path: 'notificaciones', ...sections.notices, icon: Bell, Component: lazy(() => import('./notices/NoticesSection')) },
  { path: 'pagos', ...sections.payments, icon: Wallet, Component: lazy(() => import('./payments/PaymentsSection')) },
  { path: 'fiesta', ...sections.gala, icon: PartyPopper, Component: lazy(() => import('./gala/GalaSection')) },
  { path: 'cuentas', ...sections.books, icon: BookOpenCheck, Component: lazy(() => import('./books/BooksSection')) },
];

const NOTICES_PATH = 'notificaciones';
const BOOKS_PATH = 'cuentas';

/**
 * The sections with their counts: notices posted since the parent last opened 'Avisos', and answers
 * to the family's questions since it last opened 'Cuentas'.
 */
export function useParentSections(): ParentSection[] {
  const { data: seen } = useNoticesSeen();
  const { data: answers } = useMyBooksAnswers();
  const count = seen?.unseen.length ?? 0;
  const answered = typeof answers?.unseenAnswers === 'number' ? answers.unseenAnswers : 0;
  return useMemo(
    () =>
      PARENT_SECTIONS.map((section) =>
        section.path === NOTICES_PATH && count > 0
          ? { ...section, badge: { count, label: texts.notices.newCount(count) } }
          : section.path === BOOKS_PATH && answered > 0
            ? { ...section, badge: { count: answered, label: texts.notices.newAnswers(answered) } }
            : section,
      ),
    [count, answered],
  );
}
