import { screen, waitFor } from '@testing-library/react';
import { renderHookWithApi, renderWithApi } from '@portal/test-utils/render';
import { useAdminSections } from '../sections';
import { OpenQuestions } from './OpenQuestions';

let count = 3;
beforeEach(() => {
  count = 3;
  global.fetch = jest.fn(async (url: string) => {
    const body = url === '/api/books/questions/open' ? { count } : {};
    return { ok: true, status: 200, statusText: '', text: async () => JSON.stringify(body), json: async () => body } as Response;
  }) as typeof fetch;
});

describe("the committee's count of unanswered questions", () => {
  it("shows it on 'Cuentas del Comité' in the menu, and nothing when none waits", async () => {
    const { result } = renderHookWithApi(() => useAdminSections());
    await waitFor(() =>
      expect(result.current.find((section) => section.path === 'cuentas-comite')?.badge).toEqual({
        count: 3,
        label: '3 preguntas sin responder',
      }),
    );
    expect(result.current.filter((section) => section.badge)).toHaveLength(1);
    count = 0;
    const none = renderHookWithApi(() => useAdminSections());
    await waitFor(() => expect((global.fetch as jest.Mock).mock.calls).toHaveLength(2));
    expect(none.result.current.some((section) => section.badge)).toBe(false);
  });

  it('shows it on the dashboard, with a link to answer', async () => {
    renderWithApi(<OpenQuestions />);
    expect(await screen.findByText('3 preguntas sin responder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Responder en Cuentas del Comité' })).toHaveAttribute('href', '/admin/cuentas-comite');
  });
});
