import { screen, within } from '@testing-library/react';
import { openQuestionsKey } from '@portal/api-client/books';
import { renderWithApi } from '@portal/test-utils/render';
import { Route, Routes, useLocation } from '@portal/ui/router';
// Only the test asks how the router got here; '@portal/ui/router' re-exports what the apps use.
import { useNavigationType } from 'react-router-dom';
import App from './App';

// The sections are tested on their own; here each only says which one was drawn.
jest.mock('./accounts/AccountsSection', () => ({ __esModule: true, default: () => <p>sección: usuarios</p> }));
jest.mock('./payments/PaymentDatesSection', () => ({ __esModule: true, default: () => <p>sección: fechas de pago</p> }));

Object.assign(globalThis, { __BUILD_ID__: 'test' });

/** A section is a lazy chunk: its first import is compiled on demand, seconds on a busy machine. */
const LAZY = { timeout: 10_000 };

/** Where the router is, and whether it got there by replacing the address. */
function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${useNavigationType()} ${pathname}${search}`}</p>;
}

function renderPanelAt(route: string) {
  return renderWithApi(
    <>
      <Routes>
        <Route path="/admin/*" element={<App />} />
      </Routes>
      <Address />
    </>,
    { route, data: { [openQuestionsKey]: { count: 0 } }, revalidateOnMount: false },
  );
}

describe("the admin sections' paths", () => {
  it.each([
    ['/admin/cuentas', '/admin/usuarios', 'Cuentas', 'sección: usuarios'],
    ['/admin/pagos', '/admin/fechas-de-pago', 'Fechas de Pago', 'sección: fechas de pago'],
  ])('replaces the old %s with %s and draws its section', async (old, path, title, section) => {
    renderPanelAt(old);
    expect(await screen.findByText(section, {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(`REPLACE ${path}`);
    expect(
      within(screen.getByRole('navigation', { name: 'Secciones del panel administrativo' })).getByRole('link', { name: title }),
    ).toHaveAttribute('href', path);
  });

  it('keeps the query of an old path', async () => {
    renderPanelAt('/admin/cuentas?buscar=ana');
    expect(await screen.findByText('sección: usuarios', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('REPLACE /admin/usuarios?buscar=ana');
  });

  it('draws the sections at their own paths', async () => {
    renderPanelAt('/admin/usuarios');
    expect(await screen.findByText('sección: usuarios', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('POP /admin/usuarios');
  });
});
