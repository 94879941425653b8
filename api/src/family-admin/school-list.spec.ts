import { judgeList, readSchoolList, secondContactOf } from './school-list';

const list = (header: string, ...rows: string[]) => Buffer.from([header, ...rows].join('\n'), 'utf8');
const ROW = 'Ana López;Marta López;marta@example.com;5555-0001';

describe("the school's list", () => {
  it.each([
    'Graduando;Encargado;Correo;Teléfono',
    'Nombre del graduando;Padre o encargado;Correo electrónico;Celular',
    'ALUMNO(A);CONTACTO;E-MAIL;TELÉFONO:',
    'Estudiante;Nombre del encargado;Email;Telefono',
    'Nombre completo del alumno;Padre, madre o encargado;correo;celular',
  ])('finds its columns by the names schools give them: %s', async (header) => {
    const [row] = await readSchoolList(list(header, ROW));
    expect(row).toEqual({
      line: 2,
      cells: { graduateName: 'Ana López', contactName: 'Marta López', email: 'marta@example.com', phone: '5555-0001' },
      otherEmails: [],
      problems: [],
    });
  });

  it('names the column a list lacks', async () => {
    await expect(readSchoolList(list('Graduando;Encargado;Teléfono', 'Ana;Marta;5555'))).rejects.toThrow(
      'Falta en la lista la columna del correo (Correo o E-mail).',
    );
  });

  it('gives each refused row every reason the family rules give, in the form’s order', async () => {
    const rows = await readSchoolList(list('Graduando;Encargado;Correo;Teléfono', ';Marta;no-es-correo;abc'));
    expect(rows[0]!.problems).toEqual([
      'El nombre del graduado es requerido.',
      'El email no es válido.',
      'El teléfono solo puede tener números, espacios y los signos + - ( ).',
    ]);
  });

  it('refuses an e-mail a family has or an earlier row took, compared as the portal keeps e-mails', async () => {
    const rows = await readSchoolList(
      list(
        'Graduando;Encargado;Correo;Teléfono',
        'Ana;Marta;Marta@Example.com;5555',
        'Luis;Marta;marta@example.com ;5555',
        'Eva;Rosa;ROSA@example.com;5555',
      ),
    );
    const judged = judgeList(rows, new Set(['rosa@example.com']));
    expect(judged.rows.map((row) => [row.line, row.email])).toEqual([[2, 'marta@example.com']]);
    expect(judged.refused.map((row) => [row.line, row.reasons])).toEqual([
      [3, ['El email ya está en la fila 2 de la lista.']],
      [4, ['Ya existe una familia con ese email.']],
    ]);
  });

  it.each([
    ['"marta@example.com; luis@example.com"'],
    ['marta@example.com / luis@example.com'],
    ['marta@example.com, luis@example.com'],
    ['"marta@example.com\nluis@example.com"'],
  ])('takes the first of two addresses in a cell as the family’s and shows the other: %s', async (cell) => {
    const [row] = await readSchoolList(list('Graduando;Encargado;Correo;Teléfono', `Ana;Marta;${cell};5555`));
    expect(row).toMatchObject({ cells: { email: 'marta@example.com' }, otherEmails: ['luis@example.com'], problems: [] });
  });

  it.each([
    ['the second address', ['luis@example.com'], 'luis@example.com'],
    ['normalised', ['Luis@Example.COM'], 'luis@example.com'],
    ['not the family’s own again', ['MARTA@example.com', 'luis@example.com'], 'luis@example.com'],
    ['past one that is not an address', ['luis(arroba)example.com', 'rosa@example.com'], 'rosa@example.com'],
    ['none when no other is an address', ['luis(arroba)example.com'], null],
  ])('gives the row a second contact: %s', (_case, others, second) => {
    expect(secondContactOf('marta@example.com', others)).toBe(second);
  });

  it('imports a row with no phone, and still refuses a phone written wrong', async () => {
    const rows = await readSchoolList(
      list('Graduando;Encargado;Correo;Teléfono', 'Ana;Marta;marta@example.com;', 'Luis;Rosa;rosa@example.com;abc'),
    );
    expect(rows.map((row) => row.problems)).toEqual([[], ['El teléfono solo puede tener números, espacios y los signos + - ( ).']]);
    expect(judgeList(rows, new Set()).rows).toEqual([
      { line: 2, graduateName: 'Ana', contactName: 'Marta', email: 'marta@example.com', phone: '', otherEmails: [], secondEmail: null },
    ]);
  });
});
