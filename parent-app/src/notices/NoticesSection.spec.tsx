import { renderWithApi, renderHookWithApi } from '@portal/test-utils/render';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice } from '@portal/contracts';
import { useParentSections } from '../sections';
import NoticesSection from './NoticesSection';

const NOTICE: Notice = {
  id: 1,
  title: 'Ensayo general',
  message: 'Lugar: gimnasio.\nHora: 8:00 a. m.',
  type: 'info',
  date: '2026-06-10T14:00:00.000Z',
};

// The API's answers to the notices list, in order: [status, body]; what is new comes from SEEN.
const answers: Array<[number, string]> = [];
let seen = { seenAt: null as string | null, unseen: [] as number[] };
let requests: string[] = [];
beforeEach(() => {
  answers.length = 0;
  seen = { seenAt: null, unseen: [] };
  requests = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push(`${init?.method ?? 'GET'} ${url}`);
    const [status, body] =
      url === '/api/my-notices-seen'
        ? [200, JSON.stringify(init?.method === 'PUT' ? { seenAt: '2026-06-11T00:00:00.000Z', unseen: [] } : seen)]
        : (answers.shift() ?? [200, '[]']);
    return { ok: status < 400, status, statusText: '', text: async () => body } as Response;
  }) as typeof fetch;
});

const renderSection = () => renderWithApi(<NoticesSection />);

describe('the parent notices', () => {
  it('keep the line breaks of the message', async () => {
    answers.push([200, JSON.stringify([NOTICE])]);
    renderSection();
    const message = await screen.findByText(/Lugar: gimnasio/);
    expect(message.textContent).toBe('Lugar: gimnasio.\nHora: 8:00 a. m.');
    expect(message).toHaveClass('ui-multiline');
  });

  it("offer 'Reintentar' after a failed load", async () => {
    const user = userEvent.setup();
    answers.push([503, '']);
    answers.push([200, JSON.stringify([NOTICE])]);
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar tu información.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Ensayo general')).toBeInTheDocument();
  });

  it("mark the notices new since the last visit with 'Nuevo' and record the visit", async () => {
    const older = { ...NOTICE, id: 2, title: 'Sesión de fotos' };
    answers.push([200, JSON.stringify([NOTICE, older])]);
    seen = { seenAt: '2026-06-01T00:00:00.000Z', unseen: [NOTICE.id] };
    renderSection();
    const fresh = await screen.findByRole('heading', { name: /Ensayo general/ });
    await waitFor(() => expect(fresh).toHaveTextContent('Ensayo general Nuevo'));
    expect(screen.getByRole('heading', { name: 'Sesión de fotos' })).not.toHaveTextContent('Nuevo');
    await waitFor(() => expect(requests).toContain('PUT /api/my-notices-seen'));
    // Still marked for the rest of this visit.
    expect(fresh).toHaveTextContent('Nuevo');
  });
});

describe("the count on 'Avisos'", () => {
  it('says how many notices are new, and nothing when none is', async () => {
    seen = { seenAt: '2026-06-01T00:00:00.000Z', unseen: [7, 5, 3] };
    const { result } = renderHookWithApi(() => useParentSections());
    await waitFor(() =>
      expect(result.current.find((section) => section.path === 'notificaciones')?.badge).toEqual({ count: 3, label: '3 avisos nuevos' }),
    );
    expect(result.current.filter((section) => section.badge)).toHaveLength(1);

    seen = { seenAt: '2026-06-01T00:00:00.000Z', unseen: [] };
    const none = renderHookWithApi(() => useParentSections());
    await waitFor(() => expect(requests.filter((request) => request === 'GET /api/my-notices-seen')).toHaveLength(2));
    expect(none.result.current.some((section) => section.badge)).toBe(false);
  });
});
