// The statement's own running balance ('Saldo'): the balance after its last movement, and the rows
// whose Saldo does not follow from the one before (a file cut or edited by hand).

/** Breaks listed: the first ones, enough to see where the file was cut or edited. */
export const MAX_BALANCE_BREAKS = 20;

/** A dated row of the table, in file order; `date` or `net` null when the row does not read. */
export interface Movement {
  line: number;
  date: string | null;
  /** Credit less debit, in centavos. */
  net: number | null;
  /** The row's Saldo in centavos; null when the cell is empty or there is no such column. */
  balance: number | null;
}

export interface BalanceCheck {
  closingBalance: { date: string; centavos: number } | null;
  balanceBreaks: Array<{ line: number; expected: number; found: number }>;
}

/**
 * Walks the movements in the order they happened: banks list them oldest first or newest first,
 * told apart by the first and last days (rows of one day keep the file's order in the direction
 * the file runs). Each Saldo must be the one before plus the row's net amount; a row that does not
 * read ends the chain, and the next Saldo starts it again, as does a break (one edited row is one
 * break, not every row after it). A row with its Saldo empty carries the balance on.
 */
export function checkBalances(movements: Movement[]): BalanceCheck {
  const dated = movements.filter((movement) => movement.date !== null);
  const newestFirst = dated.length > 1 && dated[dated.length - 1]!.date! < dated[0]!.date!;
  const walk = newestFirst ? [...movements].reverse() : movements;
  const balanceBreaks: BalanceCheck['balanceBreaks'] = [];
  let closingBalance: BalanceCheck['closingBalance'] = null;
  let closingDate = '';
  let running: number | null = null;
  for (const { line, date, net, balance } of walk) {
    if (date === null || net === null) {
      running = null;
      continue;
    }
    if (running !== null) running += net;
    if (balance !== null) {
      if (running !== null && running !== balance && balanceBreaks.length < MAX_BALANCE_BREAKS)
        balanceBreaks.push({ line, expected: running, found: balance });
      running = balance;
    }
    if (date >= closingDate) {
      closingDate = date;
      closingBalance = running === null ? null : { date, centavos: running };
    }
  }
  return { closingBalance, balanceBreaks };
}
