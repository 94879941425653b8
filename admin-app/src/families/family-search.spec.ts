import type { Family } from '@portal/contracts';
import { searchFamilies } from './family-search';

const family = (id: number, graduateName: string, contactName: string, email: string, phone: string): Family => ({
  id,
  graduateName,
  contactName,
  email,
  phone,
  tablesBooked: 1,
  hasPaid: false,
  paymentAmount: 0,
  graduates: 1,
  awardsRsvp: false,
  brunchRsvp: false,
  awardsEventId: 1,
  brunchEventId: 2,
  awardsAnswer: null,
  brunchAnswer: null,
  awardsGuests: null,
  brunchGuests: null,
});

const families = [
  family(1, 'Diego Hernández', 'Ana Hernández', 'ana.hernandez@example.com', '5555-1002'),
  family(2, 'Valentina López', 'María López', 'maria.lopez@example.com', '5555-1003'),
  family(3, 'Mateo García', 'José García', 'jose.garcia@example.com', '4444-0000'),
];

describe('searchFamilies', () => {
  it('finds by graduate, contact, e-mail or phone', () => {
    expect(searchFamilies(families, 'Valentina').map((f) => f.id)).toEqual([2]);
    expect(searchFamilies(families, 'José').map((f) => f.id)).toEqual([3]);
    expect(searchFamilies(families, 'maria.lopez@').map((f) => f.id)).toEqual([2]);
    expect(searchFamilies(families, '4444').map((f) => f.id)).toEqual([3]);
  });

  it('ignores case and accents', () => {
    expect(searchFamilies(families, 'HERNANDEZ').map((f) => f.id)).toEqual([1]);
    expect(searchFamilies(families, 'lópez').map((f) => f.id)).toEqual([2]);
    expect(searchFamilies(families, 'jose garcia').map((f) => f.id)).toEqual([3]);
  });

  it('shows everyone for an empty query and no one for a miss', () => {
    expect(searchFamilies(families, '  ')).toHaveLength(3);
    expect(searchFamilies(families, 'Pérez')).toEqual([]);
  });
});
