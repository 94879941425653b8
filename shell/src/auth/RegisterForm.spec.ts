import { validateRegistration } from './RegisterForm';

const valid = {
  name: 'Rosa Méndez',
  username: 'rosa.mendez',
  email: 'rosa@example.com',
  password: 'una-clave-larga',
  confirmPassword: 'una-clave-larga',
};

describe('registration checks before sending', () => {
  it('accepts a complete form', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('gives the server’s own messages for each mistake', () => {
    expect(validateRegistration({ name: ' ', username: 'a b', email: 'rosa', password: 'corta', confirmPassword: 'otra' })).toEqual({
      name: 'El nombre es requerido.',
      username: 'El nombre de usuario debe tener de 3 a 30 letras, números, puntos o guiones.',
      email: 'El email no es válido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
      confirmPassword: 'Las contraseñas no coinciden.',
    });
  });
});
