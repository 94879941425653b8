import { renderWithApi } from '@portal/test-utils/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from './LoginForm';

describe('the login form', () => {
  it('shows the required-field messages under each field and sends nothing', async () => {
    global.fetch = jest.fn();
    const user = userEvent.setup();
    renderWithApi(<LoginForm onSignedIn={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(screen.getByText('El email o nombre de usuario es requerido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es requerida')).toBeInTheDocument();
    expect(screen.getByLabelText('Email o nombre de usuario')).toHaveAttribute('aria-invalid', 'true');
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
