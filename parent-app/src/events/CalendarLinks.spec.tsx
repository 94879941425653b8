import { renderWithApi } from '@portal/test-utils/render';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyCalendar, MyCalendarLinks } from '@portal/contracts';
import { myCalendarKey } from '@portal/api-client/calendar';
import { apiRequest } from '@portal/api-client/request';
import { toast } from '@portal/ui/toast';
import { AddToCalendarLink, PhoneCalendarCard } from './CalendarLinks';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));
jest.mock('@portal/api-client/request', () => ({ ...jest.requireActual('@portal/api-client/request'), apiRequest: jest.fn() }));
const subscribed = () => jest.mocked(apiRequest).mock.calls.filter(([method, url]) => method === 'POST' && url === myCalendarKey);
const revoked = () => jest.mocked(apiRequest).mock.calls.filter(([method, url]) => method === 'DELETE' && url === myCalendarKey);

const TOKEN = 'k3Y_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789-_a';
const LINKS: MyCalendarLinks = {
  active: true,
  createdAt: '2026-11-24T16:00:00.000Z',
  url: `https://portal.example.com/api/calendar/${TOKEN}.ics`,
  webcalUrl: `webcal://portal.example.com/api/calendar/${TOKEN}.ics`,
};

const renderCard = (mine: MyCalendar) =>
  renderWithApi(<PhoneCalendarCard />, { data: { [myCalendarKey]: mine }, revalidateOnMount: false });

describe("'Agregar a mi calendario'", () => {
  it("links to the event's calendar file, named after the event", () => {
    render(<AddToCalendarLink event={{ id: 7, titulo: 'Ceremonia de Premiación' }} />);
    const link = screen.getByRole('link', { name: 'Agregar a mi calendario: Ceremonia de Premiación' });
    expect(link).toHaveAttribute('href', '/api/events/7/calendar.ics');
    expect(link).toHaveTextContent('Agregar a mi calendario');
  });
});

describe("the 'Calendario del teléfono' card", () => {
  afterEach(() => jest.clearAllMocks());

  it('subscribes, then offers to open the webcal:// link and to copy it, once', async () => {
    const user = userEvent.setup();
    jest.mocked(apiRequest).mockResolvedValue(LINKS);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderCard({ active: false, createdAt: null });
    expect(screen.queryByRole('button', { name: 'Desactivar enlace' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suscribirse' }));
    expect(subscribed()).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Abrir en mi calendario' })).toHaveAttribute('href', LINKS.webcalUrl);
    expect(screen.getByText(LINKS.url)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({ title: 'Enlace listo', description: 'Ábrelo en tu teléfono para suscribirte.' });

    await user.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(writeText).toHaveBeenCalledWith(LINKS.url);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Enlace copiado' }));
  });

  it('says since when an account is subscribed, without ever showing a link it no longer knows', () => {
    renderCard({ active: true, createdAt: '2026-11-20T16:00:00.000Z' });
    expect(screen.getByText('Tu calendario está suscrito desde el 20/11/2026.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abrir en mi calendario' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear un enlace nuevo' })).toBeInTheDocument();
  });

  it('asks before revoking, and Cancelar keeps the link', async () => {
    const user = userEvent.setup();
    jest.mocked(apiRequest).mockResolvedValue(undefined);
    renderCard({ active: true, createdAt: '2026-11-20T16:00:00.000Z' });

    await user.click(screen.getByRole('button', { name: 'Desactivar enlace' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(revoked()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Desactivar enlace' }));
    dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Desactivar el enlace del calendario?');
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar enlace' }));
    expect(revoked()).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Suscribirse' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(toast).toHaveBeenCalledWith({ title: 'Enlace desactivado', description: 'Tu calendario ya no recibirá los eventos.' });
  });

  it('keeps the link when revoking fails, and says so', async () => {
    const user = userEvent.setup();
    jest.mocked(apiRequest).mockRejectedValue(new Error('500'));
    renderCard({ active: true, createdAt: '2026-11-20T16:00:00.000Z' });
    await user.click(screen.getByRole('button', { name: 'Desactivar enlace' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Desactivar enlace' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Error', variant: 'destructive' }));
    expect(screen.queryByRole('button', { name: 'Suscribirse' })).not.toBeInTheDocument();
  });
});
