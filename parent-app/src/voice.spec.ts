// Parents are addressed with 'tú' in every text of their portal, the gala's pages included.
import path from 'node:path';
import { USTED_FORMS, ustedForms } from '@portal/test-utils/voice';

it('addresses parents with "tú": no "usted" form in any text of the parents’ portal', () => {
  expect(ustedForms([__dirname])).toEqual([]);
});

it('recognizes the "usted" forms the gala pages used to have', () => {
  for (const text of [
    'Queda guardado en su teléfono y se abre aunque no tenga conexión.',
    'Muestre este código en la entrada.',
    'Escriba el nombre de cada invitado',
    'Sus mesas están resaltadas en el plano.',
    'Ingrese su contraseña',
    'Presente este pase',
    '¿Usted asistirá?',
  ]) {
    expect([text, USTED_FORMS.some((form) => form.test(text))]).toEqual([text, true]);
  }
  for (const text of ['Queda guardado en tu teléfono y se abre aunque no tengas conexión.', 'cada gasto con su factura', 'Presentes']) {
    expect([text, USTED_FORMS.some((form) => form.test(text))]).toEqual([text, false]);
  }
  expect(path.basename(__dirname)).toBe('src');
});
