import type { Key, ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { texts } from '../texts';

/** One column: its header (also each cell's label when rows stack on a phone) and its cell. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** The cell's full text on hover, where the cell shows it shortened. */
  title?: (row: Row) => string | undefined;
}

/**
 * The admin tables: a header row from the columns, one row per item, and the row's icon buttons
 * in a last column without a visible header. Rows become 'label: value' blocks on phones.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  actions,
}: {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => Key;
  actions?: (row: Row) => ReactNode;
}) {
  return (
    <Table stack>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableHeader key={column.header}>{column.header}</TableHeader>
          ))}
          {actions && (
            <TableHeader>
              <span className="ui-visually-hidden">{texts.actions}</span>
            </TableHeader>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.header} data-label={column.header} className={column.className} title={column.title?.(row)}>
                {column.cell(row)}
              </TableCell>
            ))}
            {actions && <TableCell className="admin-actions">{actions(row)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
