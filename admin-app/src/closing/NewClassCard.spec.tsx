import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account, GraduationEvent, MoneyAccount, PaymentDate, SchoolClass, User } from '@portal/contracts';
import { dayYearLater, fromDateTimeLocal, instantYearLater, todayInGuatemala, toDateTimeLocal } from '@portal/format';
import { renderWithApi } from '@portal/test-utils/render';
import { Route, Routes } from '@portal/ui/router';
import { toast } from '@portal/ui/toast';
import { NewClassCard } from './NewClassCard';

jest.mock('@portal/ui/toast', () => ({ toast: jest.fn() }));

const me: User = { id: 7, name: 'Ana López', username: 'ana', email: 'ana@example.com', role: 'admin', emailVerified: true };
const account = (id: number, name: string, extra: Partial<Account> = {}): Account => ({
  ...me,
  id,
  name,
  username: name.toLowerCase().replace(/\s/g, '.'),
  disabled: false,
  createdAt: '2025-08-01T15:00:00.000Z',
  family: null,
  ...extra,
});
const ACCOUNTS: Account[] = [
  account(7, 'Ana López'),
  account(8, 'Bruno Díaz'),
  account(9, 'Carla Ruiz', { disabled: true }),
  account(10, 'Luis Pérez', { role: 'parent', family: { id: 3, graduateName: 'Sofía Pérez' } }),
];

const closed: SchoolClass = {
  id: 1,
  year: 2026,
  name: 'Promoción 2026',
  state: 'cerrada',
  openedAt: '2025-08-01T15:00:00.000Z',
  closedAt: '2026-11-27T18:00:00.000Z',
  familiesReadUntil: '2027-03-31',
};

const DAY = 86_400_000;
/** The calendar day `days` after today (negative: before), in Guatemala. */
const fromToday = (days: number) => todayInGuatemala(new Date(Date.now() + days * DAY));

// The closed class's calendar, dated so that a year later the first payment and the meeting are
// still past and everything else is ahead, whatever day the test runs.
const OFFSETS = [-10, 30, 60, 90, 120, 150];
const PAYMENTS: PaymentDate[] = OFFSETS.map((offset, index) => ({
  id: (index + 1) as PaymentDate['id'],
  title: '',
  description: `Descripción ${index + 1}`,
  date: fromToday(offset - 365),
  amount: 'Q2,950',
  amountQuetzales: 2950,
  twinsAmountQuetzales: index === 0 ? 4250 : null,
}));
const event = (id: number, titulo: string, days: number): GraduationEvent => ({
  id,
  titulo,
  fecha: new Date(Date.now() + (days - 365) * DAY).toISOString(),
  descripcion: null,
  horario: null,
  lugar: 'Capilla del colegio',
  vestimenta: null,
  imagen: null,
  rsvpDeadline: null,
});
const EVENTS = [event(11, 'Misa de Acción de Gracias', 40), event(12, 'Reunión de Padres de Familia', -30)];

const answer = (status: number, body?: unknown) => ({
  ok: status < 400,
  status,
  statusText: '',
  text: async () => (body === undefined ? '' : JSON.stringify(body)),
});

/** The class's accounts once it closed: each at Q0, with what the closing passed on from it. */
const moneyAccount = (id: number, name: string, passedOn: number, extra: Partial<MoneyAccount> = {}): MoneyAccount => ({
  id,
  kind: 'banco',
  name,
  bankName: null,
  accountNumber: null,
  accountHolder: null,
  accountType: null,
  main: false,
  balance: 0,
  passedOn,
  reconciliation: null,
  ...extra,
});
const ACCOUNTS_AT_CLOSING: MoneyAccount[] = [
  moneyAccount(1, 'Cuenta para depósitos', 1000.25, {
    main: true,
    bankName: 'Banco Industrial',
    accountNumber: '123-456789-0',
    accountHolder: 'Comité de Padres Promoción 2026',
    accountType: 'monetaria',
  }),
  moneyAccount(2, 'Caja', 2950.5, { kind: 'caja' }),
  moneyAccount(3, 'Ahorro Banrural', 0, {
    bankName: 'Banrural',
    accountNumber: '30-1234567-8',
    accountType: 'ahorro',
    accountHolder: 'Comité',
  }),
];

/** The school's list as the server reads it: two families, and a row without an e-mail refused. */
const LIST_PREVIEW = {
  checksum: 'c0ffee',
  rows: [
    {
      line: 2,
      graduateName: 'Lucía Núñez',
      contactName: 'Marta Núñez',
      email: 'marta@example.com',
      otherEmails: [],
      secondEmail: null,
      phone: '5555-0101',
    },
    {
      line: 3,
      graduateName: 'Tomás Ávila',
      contactName: 'Rosa Ávila',
      email: 'rosa@example.com',
      otherEmails: [],
      secondEmail: null,
      phone: null,
    },
  ],
  refused: [{ line: 4, graduateName: 'Iván Paz', email: '', reasons: ['Falta el correo.'] }],
};

function serve(
  opened = { status: 201, body: { ...closed, id: 2, year: 2027, name: 'Promoción 2027', state: 'activa' } as unknown },
  imported = { status: 201, body: { created: 2 } as unknown },
) {
  const posted: unknown[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && url === '/api/classes') {
      posted.push(JSON.parse(String(init.body)));
      return answer(opened.status, opened.body);
    }
    if (init?.method === 'POST' && init.body instanceof FormData) {
      const form = init.body;
      const file = form.get('file') as File;
      posted.push({ url, checksum: form.get('checksum'), file: file.name, size: file.size });
      return url === '/api/classes/next/families/preview' ? answer(200, LIST_PREVIEW) : answer(imported.status, imported.body);
    }
    if (url === '/api/payment-dates') return answer(200, PAYMENTS);
    if (url === '/api/events') return answer(200, EVENTS);
    if (url === '/api/accounts') return answer(200, ACCOUNTS);
    if (url === '/api/books') return answer(200, { accounts: ACCOUNTS_AT_CLOSING });
    if (url === '/api/class') return answer(200, { report: { destination: 'siguiente' } });
    if (url === '/api/settings')
      return answer(200, {
        bank: { bankName: 'Banco Industrial', accountNumber: '123-456789-0', accountHolder: 'Comité de Padres Promoción 2026' },
      });
    return answer(200, {});
  }) as unknown as typeof fetch;
  return posted;
}

function renderCard() {
  const view = renderWithApi(
    <Routes>
      <Route path="/admin/cierre" element={<NewClassCard closed={closed} />} />
      <Route path="/admin/familias" element={<p>Gestión de Familias</p>} />
    </Routes>,
    { route: '/admin/cierre', data: { '/api/user': me } },
  );
  return { user: userEvent.setup(), unmount: view.unmount, card: () => screen.getByTestId('new-class') };
}

const row = (name: string) => screen.getByRole('group', { name });
const continueButton = () => within(screen.getByTestId('new-class')).getByRole('button', { name: 'Continuar' });

/** Every row of the calendar confirmed, the first payment and the meeting moved ahead first. */
async function confirmCalendar(user: ReturnType<typeof userEvent.setup>) {
  fireEvent.change(within(row('Primer Pago')).getByLabelText('Fecha'), { target: { value: fromToday(5) } });
  fireEvent.change(within(row('Reunión de Padres de Familia')).getByLabelText('Fecha y hora'), {
    target: { value: `${fromToday(45)}T18:00` },
  });
  for (const checkbox of within(screen.getByTestId('new-class')).getAllByRole('checkbox', { name: 'Confirmado' }))
    await user.click(checkbox);
}

beforeEach(() => {
  localStorage.clear();
  jest.mocked(toast).mockClear();
});

describe("'Nueva promoción' by steps", () => {
  it('proposes the closed calendar a year later, and a date already past cannot be confirmed until it is changed', async () => {
    serve();
    const { user } = renderCard();
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Calendario de la Promoción 2027' })).toHaveFocus();
    const first = await screen.findByRole('group', { name: 'Primer Pago' });
    expect(within(first).getByLabelText('Fecha')).toHaveValue(dayYearLater(PAYMENTS[0]!.date));
    expect(within(first).getByLabelText('Monto por familia (Q)')).toHaveValue('2950');
    expect(within(first).getByLabelText('Monto para gemelos (Q, opcional)')).toHaveValue('4250');
    expect(within(first).getByText('Esta fecha ya pasó')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox', { name: 'Confirmado' })).toBeDisabled();
    const meeting = row('Reunión de Padres de Familia');
    expect(within(meeting).getByLabelText('Fecha y hora')).toHaveValue(toDateTimeLocal(instantYearLater(new Date(EVENTS[1]!.fecha))));
    expect(within(meeting).getByRole('checkbox', { name: 'Confirmado' })).toBeDisabled();
    const mass = row('Misa de Acción de Gracias');
    expect(within(mass).queryByText('Esta fecha ya pasó')).not.toBeInTheDocument();
    expect(within(mass).getByRole('checkbox', { name: 'Confirmado' })).toBeEnabled();

    // Every other row confirmed: the past ones still hold 'Continuar'.
    for (const name of ['Segundo Pago', 'Tercer Pago', 'Cuarto Pago', 'Quinto Pago', 'Sexto Pago', 'Misa de Acción de Gracias'])
      await user.click(within(row(name)).getByRole('checkbox', { name: 'Confirmado' }));
    expect(screen.getByText('6 de 8 fechas confirmadas')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    fireEvent.change(within(first).getByLabelText('Fecha'), { target: { value: fromToday(5) } });
    expect(within(first).queryByText('Esta fecha ya pasó')).not.toBeInTheDocument();
    await user.click(within(first).getByRole('checkbox', { name: 'Confirmado' }));
    // A confirmed row that changes is confirmed again.
    await user.type(within(row('Sexto Pago')).getByLabelText('Monto por familia (Q)'), '5');
    expect(within(row('Sexto Pago')).getByRole('checkbox', { name: 'Confirmado' })).not.toBeChecked();
    expect(screen.getByText('6 de 8 fechas confirmadas')).toBeInTheDocument();
  });

  it('keeps the open button disabled until the name is typed exactly, then opens with the confirmed calendar', async () => {
    const posted = serve();
    const { user } = renderCard();
    await user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(user);
    expect(screen.getByText('8 de 8 fechas confirmadas')).toBeInTheDocument();
    await user.click(continueButton());
    // Its accounts, each starting with what it held at the closing; the one families see, its holder naming the new class.
    expect(await screen.findByRole('heading', { name: 'Cuentas de la Promoción 2027' })).toHaveFocus();
    const accounts = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(accounts).toEqual([
      'Cuenta para depósitos · La que ven las familiasMonetaria · Banco Industrial · 123-456789-0 · Comité de Padres Promoción 2027Empieza con Q1,000.25',
      'Efectivo en cajaEmpieza con Q2,950.50',
      'Ahorro · Banrural · 30-1234567-8 · ComitéEmpieza con Q0',
    ]);
    // The others' names, in place; left as they are, the opening sends no accounts.
    expect(screen.getByLabelText('Nombre de la cuenta «Caja»')).toHaveValue('Caja');
    expect(screen.getByLabelText('Nombre de la cuenta «Ahorro Banrural»')).toHaveValue('Ahorro Banrural');
    expect(
      screen.getByText(
        'Las familias verán la cuenta Banco Industrial 123-456789-0 a nombre de «Comité de Padres Promoción 2027». Para cambiar el banco o el número, usa «Cuentas del Comité» después de abrirla: lo aprueba otro administrador.',
      ),
    ).toBeInTheDocument();
    await user.click(continueButton());
    const own = await screen.findByRole('checkbox', { name: 'Ana López (tú)' });
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    // A disabled admin account and a parent's account form no committee.
    expect(within(screen.getByRole('group', { name: 'Comité de la nueva promoción' })).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Bruno Díaz' }));
    await user.click(continueButton());
    // No list chosen: the class opens without families.
    expect(await screen.findByRole('heading', { name: 'Familias de la Promoción 2027' })).toHaveFocus();
    await user.click(continueButton());
    expect(
      screen.getByText('La promoción se abre sin familias: importa la lista del colegio en «Gestión de Familias».'),
    ).toBeInTheDocument();

    const open = screen.getByRole('button', { name: 'Abrir la Promoción 2027' });
    const typed = screen.getByLabelText('Escribe «Promoción 2027» para confirmar');
    expect(open).toBeDisabled();
    await user.type(typed, 'promoción 2027');
    expect(open).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, 'Promoción 2027');
    expect(open).toBeEnabled();
    await user.click(open);

    expect(await screen.findByText('Gestión de Familias')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        year: 2027,
        name: 'Promoción 2027',
        adminIds: [7, 8],
        payments: PAYMENTS.map((payment, index) => ({
          id: payment.id,
          date: index === 0 ? fromToday(5) : dayYearLater(payment.date),
          amountQuetzales: 2950,
          twinsAmountQuetzales: index === 0 ? 4250 : null,
        })),
        events: [
          {
            id: 11,
            fecha: instantYearLater(new Date(EVENTS[0]!.fecha))
              .toISOString()
              .replace(/:\d{2}\.\d{3}Z$/, ':00.000Z'),
          },
          { id: 12, fecha: fromDateTimeLocal(`${fromToday(45)}T18:00`) },
        ],
        confirmName: 'Promoción 2027',
      },
    ]);
    expect(toast).toHaveBeenCalledWith({ title: 'Promoción 2027 abierta', description: 'Ahora importa la lista de familias del colegio.' });
    // Opened: the draft is gone.
    expect(localStorage.getItem('portal.nueva-promocion.1')).toBeNull();
  });

  it('renames an account and adds one in its step, keeps them in the draft, and sends both with the opening', async () => {
    const posted = serve();
    const first = renderCard();
    await first.user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(first.user);
    await first.user.click(continueButton());
    await screen.findByRole('heading', { name: 'Cuentas de la Promoción 2027' });
    // The account families see is the settings': no name to change here.
    expect(screen.queryByLabelText('Nombre de la cuenta «Cuenta para depósitos»')).not.toBeInTheDocument();
    const cash = screen.getByLabelText('Nombre de la cuenta «Caja»');
    await first.user.clear(cash);
    expect(continueButton()).toBeDisabled();
    await first.user.type(cash, 'Caja chica');
    expect(continueButton()).toBeEnabled();

    await first.user.click(screen.getByRole('button', { name: 'Agregar cuenta de banco' }));
    const added = screen.getByRole('group', { name: 'Cuenta nueva' });
    expect(within(added).getByLabelText('Nombre')).toHaveFocus();
    expect(within(added).getByText('Empieza en Q0.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await first.user.type(within(added).getByLabelText('Nombre'), 'Monetaria BAM');
    await first.user.type(within(added).getByLabelText('Banco'), 'BAM');
    await first.user.type(within(added).getByLabelText('Número de cuenta'), '90-1234567-1');
    await first.user.type(within(added).getByLabelText('A nombre de'), 'Comité de Padres Promoción 2027');
    await first.user.selectOptions(within(added).getByLabelText('Tipo de cuenta'), 'Monetaria');
    expect(continueButton()).toBeEnabled();
    // One added by mistake goes again.
    await first.user.click(screen.getByRole('button', { name: 'Agregar cuenta de banco' }));
    expect(screen.getAllByRole('group', { name: 'Cuenta nueva' })).toHaveLength(2);
    await first.user.click(
      within(screen.getAllByRole('group', { name: 'Cuenta nueva' })[1]!).getByRole('button', { name: 'Quitar esta cuenta' }),
    );
    expect(screen.getAllByRole('group', { name: 'Cuenta nueva' })).toHaveLength(1);
    first.unmount();

    // Left and resumed: the names and the new account are still there.
    const { user } = renderCard();
    expect(await screen.findByLabelText('Nombre de la cuenta «Caja»')).toHaveValue('Caja chica');
    const resumed = screen.getByRole('group', { name: 'Cuenta nueva' });
    expect(within(resumed).getByLabelText('Nombre')).toHaveValue('Monetaria BAM');
    expect(within(resumed).getByLabelText('Tipo de cuenta')).toHaveValue('monetaria');
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await user.click(continueButton());
    await user.type(screen.getByLabelText('Escribe «Promoción 2027» para confirmar'), 'Promoción 2027');
    await user.click(screen.getByRole('button', { name: 'Abrir la Promoción 2027' }));

    expect(await screen.findByText('Gestión de Familias')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({
        year: 2027,
        accounts: {
          renamed: [{ id: 2, name: 'Caja chica' }],
          added: [
            {
              name: 'Monetaria BAM',
              bankName: 'BAM',
              accountNumber: '90-1234567-1',
              accountHolder: 'Comité de Padres Promoción 2027',
              accountType: 'monetaria',
            },
          ],
        },
      }),
    ]);
  });

  it('restores every step of the draft after the page is left and opened again', async () => {
    serve();
    const first = renderCard();
    const year = within(first.card()).getByLabelText('Año');
    await first.user.clear(year);
    await first.user.type(year, '2028');
    await first.user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(first.user);
    first.unmount();

    const again = renderCard();
    expect(within(again.card()).getByLabelText('Año')).toHaveValue(2028);
    expect(within(again.card()).getByLabelText('Nombre')).toHaveValue('Promoción 2028');
    const payment = await screen.findByRole('group', { name: 'Primer Pago' });
    expect(within(payment).getByLabelText('Fecha')).toHaveValue(fromToday(5));
    expect(within(payment).getByRole('checkbox', { name: 'Confirmado' })).toBeChecked();
    expect(screen.getByText('8 de 8 fechas confirmadas')).toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it("shows the API's refusal in a destructive toast, and the draft stays", async () => {
    const message = 'La fecha del Tercer Pago (23/09/2026) ya pasó: elige una fecha desde hoy.';
    const posted = serve({ status: 400, body: { statusCode: 400, message } });
    const { user } = renderCard();
    await user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(user);
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(continueButton());
    await user.type(screen.getByLabelText('Escribe «Promoción 2027» para confirmar'), 'Promoción 2027');
    await user.click(screen.getByRole('button', { name: 'Abrir la Promoción 2027' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'No se pudo abrir la nueva promoción', description: message, variant: 'destructive' }),
    );
    expect(posted).toHaveLength(1);
    expect(screen.queryByText('Gestión de Familias')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('portal.nueva-promocion.1')!)).toMatchObject({ step: 6, typedName: 'Promoción 2027' });
  });

  it("reads the school's list in its own step and imports it right after the class opens, with the checksum it was read with", async () => {
    const posted = serve();
    const { user } = renderCard();
    await user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(user);
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(continueButton());
    const csv = 'Graduando;Encargado;Correo;Teléfono\nLucía Núñez;Marta Núñez;marta@example.com;5555-0101\n';
    const csvSize = new TextEncoder().encode(csv).length;
    fireEvent.change(screen.getByLabelText('Lista del colegio (CSV o Excel)'), {
      target: { files: [new File([csv], 'lista-2027.csv', { type: 'text/csv' })] },
    });
    expect(
      await screen.findByText(
        'lista-2027.csv: 2 familias se importarán al abrirla; 1 fila no (corrígelas en el archivo y elígelo otra vez, o agrégalas a mano después).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Fila 4 (Iván Paz): Falta el correo.')).toBeInTheDocument();
    // Read, nothing written: the class is not open yet.
    expect(posted).toEqual([{ url: '/api/classes/next/families/preview', checksum: null, file: 'lista-2027.csv', size: csvSize }]);
    await user.click(continueButton());
    expect(
      screen.getByText('Al abrirla se importan 2 familias de lista-2027.csv, sin enviarles nada: las invitas desde «Gestión de Familias».'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Escribe «Promoción 2027» para confirmar'), 'Promoción 2027');
    await user.click(screen.getByRole('button', { name: 'Abrir la Promoción 2027' }));

    expect(await screen.findByText('Gestión de Familias')).toBeInTheDocument();
    // First the class, then its list: the same file, with the checksum of what was read.
    expect(posted.slice(1).map((call) => (call as { url?: string }).url ?? 'open')).toEqual(['open', '/api/families/import']);
    expect(posted[2]).toEqual({ url: '/api/families/import', checksum: 'c0ffee', file: 'lista-2027.csv', size: csvSize });
    expect(toast).toHaveBeenCalledWith({
      title: 'Promoción 2027 abierta',
      description: 'Se importaron 2 familias. Invítalas desde «Gestión de Familias».',
    });
    expect(localStorage.getItem('portal.nueva-promocion.1')).toBeNull();
  });

  it('says so when the class opened but its list was refused, and goes on to the families', async () => {
    const message = 'La lista cambió desde que se revisó: revísala otra vez.';
    serve(undefined, { status: 409, body: { statusCode: 409, message } });
    const { user } = renderCard();
    await user.click(continueButton());
    await screen.findByRole('group', { name: 'Primer Pago' });
    await confirmCalendar(user);
    await user.click(continueButton());
    await user.click(continueButton());
    await user.click(continueButton());
    fireEvent.change(screen.getByLabelText('Lista del colegio (CSV o Excel)'), {
      target: { files: [new File(['x'], 'lista.csv', { type: 'text/csv' })] },
    });
    await screen.findByText(/lista\.csv: 2 familias se importarán/);
    await user.click(continueButton());
    await user.type(screen.getByLabelText('Escribe «Promoción 2027» para confirmar'), 'Promoción 2027');
    await user.click(screen.getByRole('button', { name: 'Abrir la Promoción 2027' }));
    expect(await screen.findByText('Gestión de Familias')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith({
      title: 'La promoción se abrió, pero la lista no se importó',
      description: message,
      variant: 'destructive',
    });
  });
});
