import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Bell, CalendarDays, Home, PartyPopper, Wallet, type LucideIcon } from 'lucide-react';
import { texts } from './texts';

export interface ParentSection {
  path: string;
  label: string;
  shortLabel: string;
  icon: LucideIcon;
  /** Each section is its own chunk: a parent downloads only the section opened. */
  Component: LazyExoticComponent<ComponentType>;
}

const { sections } = texts;

export const PARENT_SECTIONS: ParentSection[] = [
  { path: '', ...sections.portal, icon: Home, Component: lazy(() => import('./portal/PortalSection')) },
  { path: 'eventos', ...sections.events, icon: CalendarDays, Component: lazy(() => import('./events/EventsSection')) },
  { path: 'notificaciones', ...sections.notifications, icon: Bell, Component: lazy(() => import('./notifications/NotificationsSection')) },
  { path: 'pagos', ...sections.payments, icon: Wallet, Component: lazy(() => import('./payments/PaymentsSection')) },
  { path: 'fiesta', ...sections.party, icon: PartyPopper, Component: lazy(() => import('./party/PartySection')) },
];
