import type { ReactNode } from 'react';
import { TooltipProvider } from '@portal/ui/tooltip';

/**
 * The frame of every admin section: its toolbar (search, 'Agregar', exports) above its content.
 * The one TooltipProvider of the panel's icon buttons lives here, so only the sections that show
 * them download the tooltip code (the dashboard does not).
 */
export function SectionFrame({ toolbar, children }: { toolbar?: ReactNode; children: ReactNode }) {
  return (
    <TooltipProvider>
      <section className="admin-section">
        {toolbar && <div className="admin-toolbar">{toolbar}</div>}
        {children}
      </section>
    </TooltipProvider>
  );
}
