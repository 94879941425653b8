import { inertCellText } from './spreadsheet-text';

describe('inertCellText', () => {
  it.each(['=HYPERLINK("http://x","y")', '+1', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1'])(
    'quotes %j so no spreadsheet evaluates it',
    (value) => {
      expect(inertCellText(value)).toBe(`'${value}`);
    },
  );

  it.each(['Ana López', 'ana@example.com', '5555 1234', '', ' =1', "'ya citado", 'a=b'])('leaves %j as typed', (value) => {
    expect(inertCellText(value)).toBe(value);
  });
});
