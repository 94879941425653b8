import { render, screen, within } from '@testing-library/react';
import { DataTable, type Column } from './DataTable';

interface Row {
  id: number;
  name: string;
  tables: number;
}
const COLUMNS: Array<Column<Row>> = [
  { header: 'Graduado', cell: (row) => row.name, className: 'admin-strong', title: (row) => `Familia de ${row.name}` },
  { header: 'Mesas', cell: (row) => row.tables },
];
const ROWS: Row[] = [
  { id: 1, name: 'Sofía Morales', tables: 2 },
  { id: 2, name: 'Diego Hernández', tables: 1 },
];

describe('DataTable', () => {
  it('draws a header per column and a row per item, each cell labelled for phones', () => {
    render(<DataTable rows={ROWS} columns={COLUMNS} rowKey={(row) => row.id} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Graduado', 'Mesas']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sofía Morales', '2'],
      ['Diego Hernández', '1'],
    ]);
    const first = within(rows[0]!).getAllByRole('cell');
    expect(first.map((cell) => cell.getAttribute('data-label'))).toEqual(['Graduado', 'Mesas']);
    expect(first[0]).toHaveClass('admin-strong');
    expect(first[0]).toHaveAttribute('title', 'Familia de Sofía Morales');
  });

  it('puts the row actions in a last column whose header only screen readers hear', () => {
    render(
      <DataTable
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(row) => row.id}
        actions={(row) => <button type="button">Editar {row.name}</button>}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers).toHaveLength(3);
    expect(headers[2]!.querySelector('.ui-visually-hidden')).toHaveTextContent('Acciones');
    expect(screen.getByRole('button', { name: 'Editar Diego Hernández' }).closest('td')).toHaveClass('admin-actions');
  });
});
