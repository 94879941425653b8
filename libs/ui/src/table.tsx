import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cx } from './utils';

/** A table that scrolls inside its own box on narrow screens, never the page. */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="ui-table-wrap">
      <table className={cx('ui-table', className)} {...props} />
    </div>
  );
}

export const TableHead = (props: HTMLAttributes<HTMLTableSectionElement>) => <thead {...props} />;
export const TableBody = (props: HTMLAttributes<HTMLTableSectionElement>) => <tbody {...props} />;
export const TableRow = (props: HTMLAttributes<HTMLTableRowElement>) => <tr {...props} />;
export const TableHeader = (props: ThHTMLAttributes<HTMLTableCellElement>) => <th scope="col" {...props} />;
export const TableCell = (props: TdHTMLAttributes<HTMLTableCellElement>) => <td {...props} />;
