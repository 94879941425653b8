import { Menu, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { OfflineBanner } from '@portal/ui/offline-banner';
import { NavLink } from '@portal/ui/router';
import { cx } from '@portal/ui/utils';

export interface PanelSection {
  /** Relative to the panel's root: '' for the first section, 'familias', ... */
  path: string;
  label: string;
  /** A shorter label for the phone bottom bar. */
  shortLabel?: string;
  icon: LucideIcon;
  /** A count to draw attention (new notices), with what it means for screen readers; hidden at 0. */
  badge?: { count: number; label: string };
}

interface PanelLayoutProps {
  /** The panel's root path: '/admin' or '/parent'. */
  base: string;
  menuLabel: string;
  sections: PanelSection[];
  /** On phones: a drawer behind a menu button, or a bar of icons at the bottom. */
  phoneMenu: 'drawer' | 'bottom-bar';
  header: ReactNode;
  /** Small print under the side menu (the app's version). */
  footer?: ReactNode;
  children: ReactNode;
}

function SectionLinks({
  base,
  sections,
  onNavigate,
  className,
}: {
  base: string;
  sections: PanelSection[];
  onNavigate?: () => void;
  className: string;
}) {
  return (
    <ul className={className}>
      {sections.map(({ path, label, shortLabel, icon: Icon, badge }) => (
        <li key={path}>
          <NavLink to={path ? `${base}/${path}` : base} end={!path} className="ui-panel__link" onClick={onNavigate}>
            <Icon size={20} aria-hidden="true" />
            <span className="ui-panel__label">{label}</span>
            {shortLabel && <span className="ui-panel__short-label">{shortLabel}</span>}
            {badge && badge.count > 0 && (
              <span className="ui-panel__badge">
                <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
                <span className="ui-visually-hidden">{`, ${badge.label}`}</span>
              </span>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

const PanelDrawer = lazy(() => import('@portal/ui/panel-drawer'));

/**
 * The phone menu's button. The drawer it opens (Radix Dialog, ~16 KB) loads on the first press,
 * not with the panel, so a phone's first screen does not wait for it; it then opens at once.
 */
function PhoneMenu({ label, footer, children }: { label: string; footer?: ReactNode; children: (close: () => void) => ReactNode }) {
  const [pressed, setPressed] = useState(false);
  const button = (
    <button
      type="button"
      className="ui-button ui-button--outline ui-button--icon ui-panel__menu-button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => setPressed(true)}
    >
      <Menu size={22} aria-hidden="true" />
    </button>
  );
  if (!pressed) return button;
  return (
    <Suspense fallback={button}>
      <PanelDrawer label={label} footer={footer} defaultOpen>
        {children}
      </PanelDrawer>
    </Suspense>
  );
}

/** The admin and parent panels' frame: a side menu on wide screens, a drawer or bottom bar on phones. */
export function PanelLayout({ base, menuLabel, sections, phoneMenu, header, footer, children }: PanelLayoutProps) {
  return (
    <div className={cx('ui-panel', `ui-panel--${phoneMenu}`)}>
      <nav className="ui-panel__side" aria-label={menuLabel}>
        <SectionLinks base={base} sections={sections} className="ui-panel__menu" />
        {footer && <p className="ui-panel__footer">{footer}</p>}
      </nav>
      <div className="ui-panel__body">
        <div className="ui-panel__header">
          {phoneMenu === 'drawer' && (
            <PhoneMenu label={menuLabel} footer={footer}>
              {(close) => <SectionLinks base={base} sections={sections} className="ui-panel__menu" onNavigate={close} />}
            </PhoneMenu>
          )}
          <div className="ui-panel__heading">{header}</div>
        </div>
        <OfflineBanner />
        <div className="ui-panel__content">{children}</div>
      </div>
      {phoneMenu === 'bottom-bar' && (
        <nav className="ui-panel__bottom" aria-label={menuLabel}>
          <SectionLinks base={base} sections={sections} className="ui-panel__bottom-menu" />
        </nav>
      )}
    </div>
  );
}
