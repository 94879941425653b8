import { TriangleAlert } from 'lucide-react';
import { Card } from '@portal/ui/card';
import { Link } from '@portal/ui/router';
import { texts } from '../texts';

const t = texts.paymentDates;

/**
 * The payments without an amount (their titles), which every family reads as 'Monto por definir'
 * and is up to date with only for now: on 'Fechas de Pago', and on the dashboard with a link there.
 */
export function UnpricedWarning({ titles, link = false }: { titles: string[]; link?: boolean }) {
  if (titles.length === 0) return null;
  return (
    <Card className="admin-unpriced" role="status">
      <TriangleAlert size={20} aria-hidden="true" />
      <p>
        <span>{t.unpriced(titles)}</span>
        {link && (
          <>
            {' '}
            <Link to="/admin/fechas-de-pago">{t.unpricedLink}</Link>
          </>
        )}
      </p>
    </Card>
  );
}
