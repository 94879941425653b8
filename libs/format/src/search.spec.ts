import { searchFamilies, type SearchableFamily } from './search';

const families: Array<SearchableFamily & { id: number }> = [
  {
    id: 1,
    graduateName: 'Diego Hernández',
    contactName: 'Ana Hernández',
    email: 'ana.hernandez@example.com',
    phone: '5555-1002',
    tables: [6],
  },
  {
    id: 2,
    graduateName: 'Valentina López',
    contactName: 'María López',
    email: 'maria.lopez@example.com',
    phone: '5555-1003',
    tables: [12, 13],
  },
  { id: 3, graduateName: 'Sofía Morales', contactName: 'Carlos Morales', email: 'padre@example.com', phone: '4444-0000' },
  { id: 4, graduateName: 'Isabella y Lucía Pérez', contactName: 'Lucía Pérez', email: 'lucia@example.com', phone: '5555-2000', tables: [] },
];
const ids = (query: string) => searchFamilies(families, query).map((family) => family.id);

describe('searchFamilies', () => {
  it('finds by graduate, contact, e-mail, phone or table', () => {
    expect(ids('Valentina')).toEqual([2]);
    expect(ids('Carlos')).toEqual([3]);
    expect(ids('maria.lopez@')).toEqual([2]);
    expect(ids('4444')).toEqual([3]);
    expect(ids('mesa 13')).toEqual([2]);
    expect(ids('mesa 6')).toEqual([1]);
  });

  it('ignores case and accents, either way', () => {
    expect(ids('sofia')).toEqual([3]);
    expect(ids('lopez')).toEqual([2]);
    expect(ids('perez')).toEqual([4]);
    expect(ids('HERNANDEZ')).toEqual([1]);
    expect(ids('Hernández')).toEqual([1]);
    expect(ids('lucia perez')).toEqual([4]);
  });

  it('needs every word, shows everyone for an empty query and no one for a miss', () => {
    expect(ids('valentina morales')).toEqual([]);
    expect(ids('  ')).toEqual([1, 2, 3, 4]);
    expect(ids('Gómez')).toEqual([]);
  });
});
