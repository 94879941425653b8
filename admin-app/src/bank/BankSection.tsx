import { useRef, useState, type ChangeEvent } from 'react';
import { Check } from 'lucide-react';
import type { BankColumnMapping, BankLineDecision, BankNeedsMapping, BankPreview, BankPreviewLine } from '@portal/contracts';
import { previewBankStatement, useConfirmBankLines, type StatementChoice } from '@portal/api-client/bank';
import { useBooks } from '@portal/api-client/books';
import { useFamilies } from '@portal/api-client/families';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage, isApiError } from '@portal/api-client/request';
import { formatDayNumeric } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { SectionFrame } from '../common/SectionFrame';
import { DataTable, type Column } from '../common/DataTable';
import { bankTexts as t } from './bank-texts';
import { ClosingBalance } from './ClosingBalance';
import { DecidedLine } from './DecidedLine';
import { IncomeLineDialog } from './IncomeLineDialog';
import { MappingForm } from './MappingForm';
import { SameDepositQuestion, sameDepositChoice } from './SameDepositQuestion';
import { WithdrawalsCard } from './WithdrawalsCard';
import { BalanceBreaks, quetzales } from './BalanceBreaks';

const decision = (line: BankPreviewLine, familyId: number | null): BankLineDecision => ({
  date: line.date,
  description: line.description,
  document: line.document,
  amountCentavos: line.amountCentavos,
  familyId,
  ...sameDepositChoice(line),
});

/** The file's first rows when the API found no date and amount columns, for the committee to choose them. */
function needsMapping(error: unknown): BankNeedsMapping | null {
  if (!isApiError(error) || error.status !== 400) return null;
  try {
    const { details } = JSON.parse(error.body) as { details?: Partial<BankNeedsMapping> };
    return details?.needsMapping === true && Array.isArray(details.headers) && Array.isArray(details.sample)
      ? (details as BankNeedsMapping)
      : null;
  } catch {
    return null;
  }
}

/** What a reading of the statement is of: the file, the columns chosen for it (if any) and the class's account. */
interface ReadInput {
  file: File;
  choice?: StatementChoice;
  accountId?: number;
}

const NO_COLUMNS: BankColumnMapping = {
  date: 0,
  description: null,
  document: null,
  credit: null,
  debit: null,
  amount: null,
  balance: null,
};

/** 'Importar estado de cuenta del banco': read, check, confirm. Nothing is written before a confirmation. */
export default function BankSection() {
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<StatementChoice | undefined>();
  const [preview, setPreview] = useState<BankPreview | null>(null);
  // Why the file could not be read (kept on screen until it is), and the rows to choose its columns from.
  const [problem, setProblem] = useState<string | null>(null);
  const [chooser, setChooser] = useState<BankNeedsMapping | null>(null);
  // Why the columns were not found, or the ones chosen were refused: said in the column chooser, which stays open.
  const [mappingProblem, setMappingProblem] = useState<string | null>(null);
  const remapping = useRef(false);
  // The family chosen for each line (by checksum), where the committee changed the proposal.
  const [chosen, setChosen] = useState<Record<string, number | null>>({});
  // The line being made other income (its dialog open).
  const [asIncome, setAsIncome] = useState<BankPreviewLine | null>(null);
  const { data: families } = useFamilies();
  // The class's bank account the statement is of: its lines are that account's money, its Saldo compared with its books.
  const { data: books } = useBooks();
  const bankAccounts = books?.accounts.filter((account) => account.kind === 'banco') ?? [];
  const [accountId, setAccountId] = useState<number | undefined>(undefined);

  // What the screen should show: the file, columns and account chosen last. useMutation ignores a
  // call while one runs, so a choice made while a file is read is read right after it, and the
  // answer for an earlier choice is never shown.
  const wanted = useRef<ReadInput | null>(null);
  const reading = useRef(false);
  const running = useRef<ReadInput | null>(null);
  const read = useMutation((input: ReadInput) => previewBankStatement(input.file, input.file.name, input.choice, input.accountId), {
    onSuccess: (result, input) => {
      if (input !== wanted.current) return;
      setPreview(result);
      setChosen({});
      setProblem(null);
      setChooser(null);
      setMappingProblem(null);
    },
    // The chooser (or the columns form of the last reading) stays, saying why: the committee can always try again.
    onError: (error) => {
      if (running.current !== wanted.current) return;
      const rows = needsMapping(error);
      if (rows) {
        setPreview(null);
        setChooser(rows);
        setProblem(null);
        setMappingProblem(t.mapping.missing(rows.missing ?? ['date', 'amount']));
      } else if (remapping.current) setMappingProblem(errorMessage(error));
      else {
        setProblem(errorMessage(error));
        toast({ title: t.readFailed, description: errorMessage(error), variant: 'destructive' });
      }
    },
  });
  /** Reads `input` now, or right after the reading under way (which is then not shown). */
  async function readLatest(input: ReadInput) {
    wanted.current = input;
    if (reading.current) return;
    reading.current = true;
    try {
      for (let next: ReadInput | null = input; next; next = wanted.current === next ? null : wanted.current) {
        running.current = next;
        await read.run(next);
      }
    } finally {
      reading.current = false;
    }
  }
  const confirm = useConfirmBankLines({
    onSuccess: async (result) => {
      setAsIncome(null);
      toast({ title: t.confirmed(result.applied, result.discarded, result.linked, result.income, result.matched, result.fees) });
      if (file) await readLatest({ file, choice, accountId });
    },
    onError: (error) => toast({ title: t.confirmFailed, description: errorMessage(error), variant: 'destructive' }),
  });
  // The committee's column mapping is remembered for this bank's layout with the first confirmation.
  const apply = (lines: BankLineDecision[]) =>
    void confirm.run({ lines, ...(choice && preview ? { layout: { headers: preview.headers, mapping: choice.mapping } } : {}) });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.files?.[0] ?? null;
    setFile(next);
    setChoice(undefined);
    setPreview(null);
    setChooser(null);
    setProblem(null);
    setMappingProblem(null);
    remapping.current = false;
    if (next) void readLatest({ file: next, accountId });
  }

  function chooseAccount(event: ChangeEvent<HTMLSelectElement>) {
    const next = Number(event.target.value);
    setAccountId(next);
    if (file && !chooser) void readLatest({ file, choice, accountId: next });
  }

  function remap(mapping: BankColumnMapping, headerLine: number) {
    if (!file) return;
    const next = { mapping, headerLine };
    setChoice(next);
    remapping.current = true;
    void readLatest({ file, choice: next, accountId });
  }

  const open = preview?.lines.filter((line) => line.status === 'nueva') ?? [];
  const exact = open.filter((line) => line.match?.exact && !(line.checksum in chosen));
  // A deposit a verified receipt already holds belongs to that receipt's family: applying it links it.
  const familyOf = (line: BankPreviewLine) =>
    line.checksum in chosen ? chosen[line.checksum]! : (line.covered?.familyId ?? line.match?.familyId ?? null);

  const columns: Array<Column<BankPreviewLine>> = [
    { header: t.columns.date, cell: (line) => formatDayNumeric(line.date), className: 'admin-nowrap' },
    {
      header: t.columns.description,
      cell: (line) => (
        <div>
          <div className="admin-break">{line.description}</div>
          {line.document && <div className="admin-muted">{t.document(line.document)}</div>}
        </div>
      ),
    },
    { header: t.columns.amount, cell: (line) => quetzales(line.amountCentavos), className: 'admin-nowrap admin-strong' },
    {
      header: t.columns.family,
      cell: (line) =>
        line.status !== 'nueva' ? (
          <DecidedLine line={line} onUndone={() => void (file && readLatest({ file, choice, accountId }))} />
        ) : (
          <div className="admin-bank__family">
            <select
              className="ui-input"
              aria-label={t.familyFor(line.line)}
              value={familyOf(line) ?? ''}
              onChange={(event) => setChosen({ ...chosen, [line.checksum]: event.target.value ? Number(event.target.value) : null })}
            >
              <option value="">{t.noFamily}</option>
              {families?.map((family) => (
                <option key={family.id} value={family.id}>
                  {family.graduateName}
                </option>
              ))}
            </select>
            {line.covered && <div className="admin-bank__covered">{t.covered(line.covered)}</div>}
            {line.recorded && <div className="admin-muted">{t.out.recorded(line.recorded.label)}</div>}
            <SameDepositQuestion line={line} familyId={familyOf(line)} />
            {line.match && !line.covered && !(line.checksum in chosen) && (
              <div className="admin-muted">
                {line.match.exact && <Badge variant="success">{t.exact}</Badge>}
                {line.match.by === 'monto' && <Badge variant="warning">{t.amountOnly}</Badge>}
                {line.match.by === 'casi' && <Badge variant="warning">{t.nearReference}</Badge>} {line.match.reason}
              </div>
            )}
          </div>
        ),
    },
  ];

  return (
    <SectionFrame>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t.title}</CardTitle>
          <CardDescription>{t.intro}</CardDescription>
        </CardHeader>
        <CardContent>
          {bankAccounts.length > 1 && (
            <Field id="bank-account" label={t.account} hint={t.accountHint}>
              <select
                id="bank-account"
                className="ui-input"
                value={accountId ?? bankAccounts.find((account) => account.main)?.id ?? ''}
                onChange={chooseAccount}
              >
                {bankAccounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                    {account.accountNumber ? ` · ${account.accountNumber}` : ''}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field id="bank-file" label={t.file} hint={t.fileHint}>
            <input
              id="bank-file"
              type="file"
              className="ui-input"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={pick}
            />
          </Field>
          {read.isPending && <p className="admin-muted">{t.reading}</p>}
          {problem && !read.isPending && (
            <p className="ui-field__error" role="alert">
              {problem}
            </p>
          )}
        </CardContent>
      </Card>
      {chooser && !preview && (
        <MappingForm
          key={chooser.headers.join('|')}
          preview={{ ...chooser, mapping: NO_COLUMNS }}
          onApply={remap}
          pending={read.isPending}
          reason={mappingProblem}
          open
        />
      )}
      {preview && (
        <>
          <MappingForm preview={preview} onApply={remap} pending={read.isPending} reason={mappingProblem} />
          <BalanceBreaks breaks={preview.balanceBreaks ?? []} />
          {preview.errors.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle level={2}>{t.errorsTitle(preview.errors.length)}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="admin-list">
                  {preview.errors.map((error) => (
                    <li key={error.line}>{t.errorLine(error.line, error.reason)}</li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
          {/* A file of withdrawals only (a card's or the savings account's month) shows no empty deposits' table. */}
          {(preview.lines.length > 0 || (preview.withdrawals?.length ?? 0) === 0) && (
            <Card>
              <CardContent>
                <div className="admin-toolbar">
                  <p className="admin-count">{t.count(preview.lines.length, open.length)}</p>
                  <Button
                    disabled={exact.length === 0}
                    pending={confirm.isPending}
                    onClick={() => apply(exact.map((line) => decision(line, familyOf(line))))}
                  >
                    <Check size={18} aria-hidden="true" />
                    {t.confirmExact(exact.length)}
                  </Button>
                </div>
                <ClosingBalance key={`${file?.name}-${preview.accountId}`} preview={preview} fileName={file?.name ?? ''} />
                {preview.lines.length === 0 ? (
                  <p className="ui-empty">{t.noLines}</p>
                ) : !families ? (
                  // Each line's family is proposed in a list of the families: shown once that list is here, never as 'Sin familia'.
                  <p className="admin-muted">{t.reading}</p>
                ) : (
                  <DataTable
                    rows={preview.lines}
                    columns={columns}
                    rowKey={(line) => line.checksum}
                    actions={(line) =>
                      line.status === 'nueva' && (
                        // Every line ends somewhere, said in words: a family's payment, other income, or nothing.
                        <span className="admin-bank__actions">
                          {line.recorded && (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={t.out.matchDepositLabel(line.line, line.recorded.label)}
                              disabled={confirm.isPending}
                              onClick={() => apply([{ ...decision(line, null), movementId: line.recorded!.id }])}
                            >
                              {t.out.match}
                            </Button>
                          )}
                          <Button
                            size="sm"
                            aria-label={t.apply(line.line)}
                            disabled={familyOf(line) === null || confirm.isPending}
                            onClick={() => apply([decision(line, familyOf(line))])}
                          >
                            {t.actions.apply}
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={t.asIncome(line.line)}
                            disabled={confirm.isPending}
                            onClick={() => setAsIncome(line)}
                          >
                            {t.actions.income}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            className="admin-danger"
                            aria-label={t.discard(line.line)}
                            disabled={confirm.isPending}
                            onClick={() => apply([decision(line, null)])}
                          >
                            {t.actions.discard}
                          </Button>
                        </span>
                      )
                    }
                  />
                )}
              </CardContent>
            </Card>
          )}
          {(preview.withdrawals?.length ?? 0) > 0 && (
            <WithdrawalsCard
              lines={preview.withdrawals!}
              pending={confirm.isPending}
              onDecide={(lines) => confirm.run({ lines })}
              onReopened={() => void (file && readLatest({ file, choice, accountId }))}
            />
          )}
          {asIncome && (
            <IncomeLineDialog
              line={asIncome}
              pending={confirm.isPending}
              onClose={() => setAsIncome(null)}
              onSubmit={(income) => apply([{ ...decision(asIncome, null), income }])}
            />
          )}
        </>
      )}
    </SectionFrame>
  );
}
