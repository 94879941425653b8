import { screen } from '@testing-library/react';
import type { User } from '@portal/contracts';
import { renderWithApi } from '@portal/test-utils/render';
import { FamilyGate } from './FamilyGate';

const parent = (overrides: Partial<User>): User => ({
  id: 7,
  name: 'Ana López',
  username: 'ana',
  email: 'ana@example.com',
  role: 'parent',
  emailVerified: true,
  ...overrides,
});

function renderGate(user: User) {
  return renderWithApi(<FamilyGate>{() => <p>La familia</p>}</FamilyGate>, {
    data: { '/api/user': user, '/api/my-family': null },
    revalidateOnMount: false,
  });
}

describe('a parent without a family on screen', () => {
  it('who must still confirm the e-mail sees what was sent and where, how to resend it, and what to do if it is wrong', async () => {
    renderGate(parent({ emailVerified: false }));
    expect(await screen.findByRole('heading', { name: 'Confirma tu correo' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Te enviamos un enlace a ana@example\.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reenviar enlace' })).toBeInTheDocument();
    expect(screen.getByText(/¿El correo está mal\?/)).toBeInTheDocument();
    expect(screen.queryByText(/No Encontrado/)).not.toBeInTheDocument();
    expect(screen.queryByText(/contacta a la administración para configurar/)).not.toBeInTheDocument();
  });

  it('with a confirmed e-mail no family has sees the spec’s texts, and nothing about a link', async () => {
    renderGate(parent({ emailVerified: true }));
    expect(await screen.findByRole('heading', { name: 'Perfil Familiar No Encontrado' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Por favor contacta a la administración para configurar tu perfil familiar.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reenviar enlace' })).not.toBeInTheDocument();
  });
});
