import { renderWithApi } from '@portal/test-utils/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@portal/ui/toast';
import { ChangePasswordForm, validatePasswordChange } from './ChangePasswordForm';

function renderForm() {
  renderWithApi(
    <>
      <ChangePasswordForm username="padre" />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm = next) {
  if (current) await user.type(screen.getByLabelText('Contraseña actual'), current);
  if (next) await user.type(screen.getByLabelText('Nueva contraseña'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirmar nueva contraseña'), confirm);
}

/** What `fetch` resolves to, as far as the request function reads it (jsdom has no Response). */
const answer = (status: number, body: string) => ({ ok: status < 400, status, statusText: '', text: async () => body });

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

describe('the change-password form', () => {
  beforeEach(() => {
    global.fetch = jest.fn();
  });

  it('shows each mistake under its field and sends nothing', async () => {
    const user = renderForm();
    await fill(user, '', 'corta', 'otra');
    await submit(user);
    expect(screen.getByText('La contraseña actual es requerida.')).toBeInTheDocument();
    expect(screen.getByText('La nueva contraseña debe tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAttribute('aria-describedby', 'account-newPassword-error');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('refuses the current password as the new one, and counts length as the server does', () => {
    const same = { currentPassword: 'birrete-azul', newPassword: 'birrete-azul', confirmPassword: 'birrete-azul' };
    expect(validatePasswordChange(same)).toEqual({ newPassword: 'La nueva contraseña debe ser distinta de la actual.' });
    // Four hearts are eight code points for the API: long enough.
    const hearts = '❤️'.repeat(4);
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: hearts, confirmPassword: hearts })).toEqual({});
    const long = 'x'.repeat(129);
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: long, confirmPassword: long })).toEqual({
      newPassword: 'La nueva contraseña no puede tener más de 128 caracteres.',
    });
  });

  it("shows the server's message under the field it names", async () => {
    const body = {
      statusCode: 400,
      message: 'Esa contraseña es demasiado común. Elige otra.',
      errors: { newPassword: ['Esa contraseña es demasiado común. Elige otra.'] },
    };
    global.fetch = jest.fn().mockResolvedValue(answer(400, JSON.stringify(body)));
    const user = renderForm();
    await fill(user, 'graduacion2026', 'Password1');
    await submit(user);
    expect(await screen.findByText('Esa contraseña es demasiado común. Elige otra.')).toHaveAttribute('id', 'account-newPassword-error');
    expect(screen.getByLabelText('Nueva contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(global.fetch).toHaveBeenCalledWith(
      '/api/user/password',
      expect.objectContaining({
        method: 'PUT',
        body: JSON.stringify({ currentPassword: 'graduacion2026', newPassword: 'Password1', confirmPassword: 'Password1' }),
      }),
    );
  });

  it('says the other devices were signed out, and empties the fields', async () => {
    global.fetch = jest.fn().mockResolvedValue(answer(204, ''));
    const user = renderForm();
    await fill(user, 'graduacion2026', 'birrete-azul-2026');
    await submit(user);
    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(screen.getByText('Cerramos tu sesión en los demás dispositivos.')).toBeInTheDocument();
    for (const label of ['Contraseña actual', 'Nueva contraseña', 'Confirmar nueva contraseña'])
      expect(screen.getByLabelText(label)).toHaveValue('');
  });
});
