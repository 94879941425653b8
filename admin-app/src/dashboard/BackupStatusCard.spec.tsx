import { render, screen } from '@testing-library/react';
import type { BackupStatusView } from '@portal/contracts';
import { BackupStatusCard } from './BackupStatusCard';

const now = new Date('2026-11-23T14:30:00Z');
const lastGood = { file: 'portal-2026-11-23-0930.sql.gz', at: '2026-11-23T09:28:04Z' };

describe('BackupStatusCard', () => {
  it('shows nothing when the portal has no backup service (npm start)', () => {
    const { container } = render(<BackupStatusCard status={{ configured: false, lastGood: null, failure: null }} now={now} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says how old the last good copy is', () => {
    render(<BackupStatusCard status={{ configured: true, lastGood, failure: null }} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Última copia de seguridad: hace 5 horas');
  });

  it('shows a failure in red, with its error and the last good copy’s age', () => {
    const status: BackupStatusView = {
      configured: true,
      lastGood: { file: 'portal-2026-11-21-0830.sql.gz', at: '2026-11-21T08:30:00Z' },
      failure: { at: '2026-11-23T08:30:00Z', error: 'mysqldump failed (2): Access denied' },
    };
    render(<BackupStatusCard status={status} now={now} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'La copia de seguridad falló el 23/11/2026, 2:30 a. m.: mysqldump failed (2): Access denied. La última buena es de hace 2 días.',
    );
    expect(alert).toHaveClass('admin-backup--failed');
  });

  it('says so when no copy was ever good', () => {
    render(
      <BackupStatusCard
        status={{ configured: true, lastGood: null, failure: { at: '2026-11-23T08:30:00Z', error: 'sin espacio' } }}
        now={now}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Todavía no hay ninguna copia buena.');
  });
});
