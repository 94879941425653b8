import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cx } from '@portal/ui/utils';

/**
 * A table that never makes the page scroll sideways: it scrolls inside its own box, or with
 * `stack` its rows become blocks of 'label: value' lines on phones (cells carry `data-label`).
 */
export function Table({ className, stack = false, ...props }: HTMLAttributes<HTMLTableElement> & { stack?: boolean }) {
  return (
    <div className="ui-table-wrap">
      <table className={cx('ui-table', stack && 'ui-table--stack', className)} {...props} />
    </div>
  );
}

export const TableHead = (props: HTMLAttributes<HTMLTableSectionElement>) => <thead {...props} />;
export const TableBody = (props: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...props} />;
export const TableRow = (props: HTMLAttributes<HTMLTableRowElement>) => <tr {...props} />;
export const TableHeader = (props: ThHTMLAttributes<HTMLTableCellElement>) => <th scope="col" {...props} />;
export const TableCell = (props: TdHTMLAttributes<HTMLTableCellElement> & { 'data-label'?: string }) => <td {...props} />;
