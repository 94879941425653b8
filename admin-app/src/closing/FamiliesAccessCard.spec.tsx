import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SchoolClass } from '@portal/contracts';
import { formatDayNumeric, todayInGuatemala } from '@portal/format';
import { renderWithApi } from '@portal/test-utils/render';
import { toast } from '@portal/ui/toast';
import { FamiliesAccessCard } from './FamiliesAccessCard';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const schoolClass = (id: number, year: number, state: SchoolClass['state'], familiesReadUntil: string | null): SchoolClass => ({
  id,
  year,
  name: `Promoción ${year}`,
  state,
  openedAt: `${year - 1}-08-01T15:00:00.000Z`,
  closedAt: state === 'cerrada' ? `${year}-11-27T18:00:00.000Z` : null,
  familiesReadUntil,
});

/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

/** The API: the classes, and the day's change (`refusal` instead, when given). */
function serve(refusal?: string) {
  let classes = [
    schoolClass(3, 2027, 'activa', null),
    schoolClass(2, 2026, 'cerrada', '2099-03-31'),
    schoolClass(1, 2025, 'cerrada', '2025-03-31'),
  ];
  const sent: Array<{ url: string; body: unknown }> = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { familiesReadUntil: string };
      sent.push({ url, body });
      if (refusal) return answer(400, { statusCode: 400, message: refusal });
      const id = Number(url.split('/')[3]);
      classes = classes.map((one) => (one.id === id ? { ...one, familiesReadUntil: body.familiesReadUntil } : one));
      return answer(
        200,
        classes.find((one) => one.id === id),
      );
    }
    if (url === '/api/classes') return answer(200, classes);
    return answer(200, {});
  }) as unknown as typeof fetch;
  return sent;
}

beforeEach(() => jest.mocked(toast).mockClear());

it("shows each closed class's day, and a day already past as ended, starting the new one today", async () => {
  serve();
  renderWithApi(<FamiliesAccessCard />);
  const card = await screen.findByTestId('families-access');
  expect(within(card).getByLabelText('Promoción 2026: las familias consultan hasta el')).toHaveValue('2099-03-31');
  expect(within(card).getByText('Ahora: hasta el 31/03/2099.')).toBeInTheDocument();
  const ended = within(card).getByLabelText('Promoción 2025: las familias consultan hasta el');
  expect(ended).toHaveValue(todayInGuatemala());
  expect(ended).toHaveAttribute('min', todayInGuatemala());
  expect(within(card).getByText('Su acceso terminó el 31/03/2025.')).toBeInTheDocument();
  // The class still open has no day yet: it is chosen at its closing.
  expect(within(card).queryByText(/Promoción 2027/)).not.toBeInTheDocument();
  // Nothing to save until the day changes.
  expect(within(card).getAllByRole('button', { name: 'Guardar fecha' })[0]).toBeDisabled();
});

it('saves a new day for one class and shows it', async () => {
  const sent = serve();
  const user = userEvent.setup();
  renderWithApi(<FamiliesAccessCard />);
  const card = await screen.findByTestId('families-access');
  const input = within(card).getByLabelText('Promoción 2026: las familias consultan hasta el');
  fireEvent.change(input, { target: { value: '2099-06-30' } });
  await user.click(within(card).getAllByRole('button', { name: 'Guardar fecha' })[0]!);
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith({ title: 'Promoción 2026: las familias consultan hasta el 30/06/2099', description: undefined }),
  );
  expect(sent).toEqual([{ url: '/api/classes/2/families-read-until', body: { familiesReadUntil: '2099-06-30' } }]);
  expect(await within(card).findByText('Ahora: hasta el 30/06/2099.')).toBeInTheDocument();
});

it("shows the API's refusal in a destructive toast and keeps the day written", async () => {
  const message = 'La fecha de acceso de las familias no puede ser anterior a hoy.';
  serve(message);
  const user = userEvent.setup();
  renderWithApi(<FamiliesAccessCard />);
  const card = await screen.findByTestId('families-access');
  const input = within(card).getByLabelText('Promoción 2025: las familias consultan hasta el');
  await user.click(within(card).getAllByRole('button', { name: 'Guardar fecha' })[1]!);
  await waitFor(() =>
    expect(toast).toHaveBeenCalledWith({ title: 'No se pudo cambiar la fecha', description: message, variant: 'destructive' }),
  );
  expect(input).toHaveValue(todayInGuatemala());
  expect(within(card).getByText(`Su acceso terminó el ${formatDayNumeric('2025-03-31')}.`)).toBeInTheDocument();
});
