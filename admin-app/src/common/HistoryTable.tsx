import { useState } from 'react';
import type { HistoryEntry } from '@portal/contracts';
import { useHistory, type HistoryFilters } from '@portal/api-client/history';
import { formatDateTime } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { historyTexts as t } from './history-texts';
import { actionLabel, changeLines } from './history-change';
import { QueryState } from './QueryState';

/** The changes that match `filters`, newest first, a page at a time ('Ver más'). */
export function HistoryTable({ filters = {}, ofFamily }: { filters?: HistoryFilters; ofFamily?: number }) {
  // One cursor per page shown: null is the newest page.
  const [cursors, setCursors] = useState<Array<number | null>>([null]);
  return (
    <Table stack>
      <TableHead>
        <TableRow>
          <TableHeader>{t.columns.when}</TableHeader>
          <TableHeader>{t.columns.who}</TableHeader>
          {ofFamily === undefined && <TableHeader>{t.columns.family}</TableHeader>}
          <TableHeader>{t.columns.what}</TableHeader>
          <TableHeader>{t.columns.change}</TableHeader>
        </TableRow>
      </TableHead>
      {cursors.map((cursor, index) => (
        <HistoryRows
          key={cursor ?? 'newest'}
          showFamily={ofFamily === undefined}
          filters={filters}
          ofFamily={ofFamily}
          before={cursor}
          first={index === 0}
          onMore={index === cursors.length - 1 ? (next) => setCursors([...cursors, next]) : undefined}
        />
      ))}
    </Table>
  );
}

function HistoryRows({
  filters,
  showFamily,
  ofFamily,
  before,
  first,
  onMore,
}: {
  filters: HistoryFilters;
  /** The full list names each row's family; a family's own history does not repeat it. */
  showFamily: boolean;
  ofFamily?: number;
  before: number | null;
  first: boolean;
  onMore?: (next: number) => void;
}) {
  const { data, isLoading, error } = useHistory(filters, before, ofFamily);
  return (
    <TableBody>
      {(isLoading || error) && (
        <TableRow>
          <TableCell colSpan={showFamily ? 5 : 4}>
            <QueryState isLoading={isLoading} error={error}>
              {null}
            </QueryState>
          </TableCell>
        </TableRow>
      )}
      {first && data?.items.length === 0 && (
        <TableRow>
          <TableCell colSpan={showFamily ? 5 : 4}>
            <p className="ui-empty">{t.empty}</p>
          </TableCell>
        </TableRow>
      )}
      {data?.items.map((entry) => (
        <HistoryRow key={entry.id} entry={entry} showFamily={showFamily} />
      ))}
      {data?.next && onMore && (
        <TableRow>
          <TableCell colSpan={showFamily ? 5 : 4}>
            <Button variant="outline" size="sm" onClick={() => onMore(data.next!)}>
              {t.more}
            </Button>
          </TableCell>
        </TableRow>
      )}
    </TableBody>
  );
}

export function HistoryRow({ entry, showFamily = true }: { entry: HistoryEntry; showFamily?: boolean }) {
  const lines = changeLines(entry);
  const role = t.roles[entry.actorRole];
  return (
    <TableRow>
      <TableCell data-label={t.columns.when}>{formatDateTime(entry.at)}</TableCell>
      <TableCell data-label={t.columns.who}>
        <div>
          <div className="admin-strong">{entry.actorRole === 'system' ? t.system : entry.actorName}</div>
          {role && <div className="admin-muted">{role}</div>}
        </div>
      </TableCell>
      {showFamily && <TableCell data-label={t.columns.family}>{entry.familyName ?? t.values.empty}</TableCell>}
      <TableCell data-label={t.columns.what}>
        <div>
          <div className="admin-strong">{actionLabel(entry.action)}</div>
          {entry.label && <div className="admin-muted">{entry.label}</div>}
        </div>
      </TableCell>
      <TableCell data-label={t.columns.change}>
        {lines.length > 0 && (
          <ul className="admin-history-change">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </TableCell>
    </TableRow>
  );
}
