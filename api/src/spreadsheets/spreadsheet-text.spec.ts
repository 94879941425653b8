import { inertCellText } from './spreadsheet-text';

describe('inertCellText', () => {
  it.each(['=HYPERLINK("http://x","y")', '+SUM(1)', '-2+cmd|x', '+1e3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'quotes %j so no spreadsheet evaluates it',
    (value) => {
      expect(inertCellText(value)).toBe(`'${value}`);
    },
  );

  it.each(['Ana López', 'ana@example.com', '5555 1234', '+502 5555-1001', '+1 (555) 010-2000', '', ' =1', "'ya citado", 'a=b'])(
    'leaves %j as typed',
    (value) => {
      expect(inertCellText(value)).toBe(value);
    },
  );
});
