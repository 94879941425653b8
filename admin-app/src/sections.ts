import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import {
  Bell,
  BookOpenCheck,
  CalendarCheck,
  CalendarDays,
  Flag,
  History,
  Landmark,
  LayoutDashboard,
  Mails,
  PartyPopper,
  Receipt,
  UserCog,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { useOpenQuestions } from '@portal/api-client/books';
import DashboardSection from './dashboard/DashboardSection';
import { texts } from './texts';

export interface AdminSection {
  path: string;
  label: string;
  subtitle: string;
  icon: LucideIcon;
  /**
   * Each section is its own chunk, so opening the panel downloads only the section shown; but the
   * dashboard, where every sign-in lands, comes with the app, so its files are among those the page
   * preloads (its chart library still waits for its numbers).
   */
  Component: ComponentType | LazyExoticComponent<ComponentType>;
  badge?: { count: number; label: string };
}

const { sections } = texts;

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: '', ...sections.dashboard, icon: LayoutDashboard, Component: DashboardSection },
  { path: 'eventos', ...sections.events, icon: CalendarDays, Component: lazy(() => import('./events/EventsSection')) },
  { path: 'confirmaciones', ...sections.rsvps, icon: CalendarCheck, Component: lazy(() => import('./rsvps/RsvpsSection')) },
  { path: 'familias', ...sections.families, icon: Users, Component: lazy(() => import('./families/FamiliesSection')) },
  { path: 'usuarios', ...sections.accounts, icon: UserCog, Component: lazy(() => import('./accounts/AccountsSection')) },
  { path: 'correos', ...sections.emails, icon: Mails, Component: lazy(() => import('./emails/EmailsSection')) },
  { path: 'notificaciones', ...sections.notices, icon: Bell, Component: lazy(() => import('./notices/NoticesSection')) },
  { path: 'fechas-de-pago', ...sections.paymentDates, icon: Wallet, Component: lazy(() => import('./payments/PaymentDatesSection')) },
  { path: 'comprobantes', ...sections.receipts, icon: Receipt, Component: lazy(() => import('./receipts/ReceiptsSection')) },
  { path: 'banco', ...sections.bank, icon: Landmark, Component: lazy(() => import('./bank/BankSection')) },
  { path: 'cuentas-comite', ...sections.books, icon: BookOpenCheck, Component: lazy(() => import('./books/BooksSection')) },
  { path: 'fiesta', ...sections.gala, icon: PartyPopper, Component: lazy(() => import('./gala/GalaSection')) },
  { path: 'historial', ...sections.history, icon: History, Component: lazy(() => import('./history/HistorySection')) },
  { path: 'cierre', ...sections.closing, icon: Flag, Component: lazy(() => import('./closing/ClosingSection')) },
];

/**
 * Paths the sections had before, each with the section's path now: /admin/cuentas and
 * /admin/pagos read as the parents' /parent/cuentas (the committee's books) and /parent/pagos
 * (their payments), but were the accounts and the payment dates. Old links and bookmarks still land.
 */
export const ADMIN_SECTION_ALIASES: Record<string, string> = { cuentas: 'usuarios', pagos: 'fechas-de-pago' };

const BOOKS_PATH = 'cuentas-comite';

/** The sections with the count of the families' questions still unanswered on 'Cuentas del Comité'. */
export function useAdminSections(): AdminSection[] {
  const { data } = useOpenQuestions();
  const count = typeof data?.count === 'number' ? data.count : 0;
  return useMemo(
    () =>
      ADMIN_SECTIONS.map((section) =>
        section.path === BOOKS_PATH && count > 0 ? { ...section, badge: { count, label: texts.dashboard.openQuestions(count) } } : section,
      ),
    [count],
  );
}
