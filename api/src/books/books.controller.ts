import { Body, Controller, Get, Header, HttpCode, Inject, Logger, Param, Post, Put, Query, Res, StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AccountMovements, Books, BooksAnswersSeen, Expense, ExpenseQuestion, ParentBooks, User } from '@portal/contracts';
import { todayInGuatemala } from '@portal/format';
import { APP_CONFIG } from '../app.config';
import { CurrentUser, Roles } from '../common/auth.decorators';
import { ParseIdPipe } from '../common/parse-id.pipe';
import type { AppConfig } from '../config';
import { sendStoredFile } from '../files/file-safety';
import { ParseReportFormatPipe, type ReportFormat } from '../spreadsheets/report-format.pipe';
import { XLSX_CONTENT_TYPE } from '../spreadsheets/spreadsheet-stream';
import { BOOKS_REPORT, booksWorkbook } from './books-workbook';
import { BooksReader } from './books-reader';
import { BooksService } from './books.service';
import {
  BooksSettingsDto,
  BudgetDto,
  ExpenseAnswerDto,
  ExpenseQuestionDto,
  HoldingDto,
  MoneyAccountDto,
  MoneyAccountUpdateDto,
  ReverseExpenseDto,
  TransferDto,
  ReimbursementDto,
} from './dto/books.dto';
import { ExpenseApprovalsService } from './expense-approvals.service';
import { ExpensesService } from './expenses.service';
import { MoneyAccountsService } from './money-accounts.service';
import { QuestionsService } from './questions.service';
import { TransfersService } from './transfers.service';
import { ClassScope } from '../common/class-scope';

/** The committee's books: budget, expenses and their approval, what is held, answers, the closing report. */
@Roles('admin')
@Controller('books')
export class BooksController {
  private readonly logger = new Logger('Books');

  constructor(
    private readonly reader: BooksReader,
    private readonly books: BooksService,
    private readonly expenses: ExpensesService,
    private readonly approvals: ExpenseApprovalsService,
    private readonly transfers: TransfersService,
    private readonly questions: QuestionsService,
    private readonly accounts: MoneyAccountsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  get(): Promise<Books> {
    return this.reader.forAdmin();
  }

  /** A new version of the whole budget (the earlier ones stay). */
  @Post('budgets')
  createBudget(@CurrentUser() user: User, @Body() body: BudgetDto): Promise<Books> {
    return this.books.createBudget(user, body);
  }

  @Put('settings')
  setSettings(@CurrentUser() user: User, @Body() body: BooksSettingsDto): Promise<Books> {
    return this.books.setSettings(user, body);
  }

  /** A pending change to a control: another admin approves it (never the one who proposed it). */
  @Post('control-changes/:id/approve')
  @HttpCode(200)
  approveControlChange(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<Books> {
    return this.books.decideControlChange(user, id, 'approve');
  }

  /** Another admin rejects it; the one who proposed it withdraws it. */
  @Post('control-changes/:id/reject')
  @HttpCode(200)
  rejectControlChange(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<Books> {
    return this.books.decideControlChange(user, id, 'reject');
  }

  /** multipart/form-data: the ExpenseInput fields and the invoice as `file` (required for a 'gasto'). */
  @Post('expenses')
  createExpense(@CurrentUser() user: User, @Body() body: unknown): Promise<Expense> {
    return this.expenses.createExpense(user, body);
  }

  @Post('expenses/:id/approve')
  @HttpCode(200)
  approve(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number): Promise<Expense> {
    return this.approvals.approve(user, id);
  }

  @Post('expenses/:id/reverse')
  @HttpCode(200)
  reverse(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: ReverseExpenseDto): Promise<Expense> {
    return this.approvals.reverse(user, id, body);
  }

  /** Another bank account of the class (the main one is the settings', under four eyes). */
  @Post('accounts')
  createAccount(@CurrentUser() user: User, @Body() body: MoneyAccountDto): Promise<Books> {
    return this.accounts.create(user, body);
  }

  /** A new name, or a bank account's data; never the main account's (409). */
  @Put('accounts/:id')
  updateAccount(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: MoneyAccountUpdateDto): Promise<Books> {
    return this.accounts.update(user, id, body);
  }

  /** The account's movements, oldest first, with its balance after each. */
  @Get('accounts/:id/movements')
  accountMovements(@Param('id', ParseIdPipe) id: number): Promise<AccountMovements> {
    return this.accounts.movements(id);
  }

  /** Money moved between two of the class's accounts: undone by POST /api/books/expenses/{id}/reverse. */
  @Post('transfers')
  async recordTransfer(@CurrentUser() user: User, @Body() body: TransferDto): Promise<Books> {
    await this.transfers.recordTransfer(user, body);
    return this.reader.forAdmin();
  }

  /** A member paid back for an advance ('Por reembolsar'): undone by POST /api/books/expenses/{id}/reverse. */
  @Post('reimbursements')
  async recordReimbursement(@CurrentUser() user: User, @Body() body: ReimbursementDto): Promise<Books> {
    await this.transfers.recordReimbursement(user, body);
    return this.reader.forAdmin();
  }

  @Post('holdings')
  recordHolding(@CurrentUser() user: User, @Body() body: HoldingDto): Promise<Books> {
    return this.books.recordHolding(user, body);
  }

  /** The menu's and the dashboard's count of questions waiting for an answer. */
  @Get('questions/open')
  openQuestions(): Promise<{ count: number }> {
    return this.questions.openQuestions();
  }

  @Post('questions/:id/answer')
  @HttpCode(200)
  answer(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Body() body: ExpenseAnswerDto): Promise<Books> {
    return this.questions.answer(user, id, body);
  }

  /** 'Informe de rendición de cuentas': JSON (the printable page's) or, with ?format=xlsx, the workbook. */
  @Get('report')
  @Header('Cache-Control', 'no-store')
  async report(@Query('format', ParseReportFormatPipe) format: ReportFormat): Promise<Books | StreamableFile> {
    const books = await this.reader.forAdmin();
    if (format === 'json') return books;
    const stream = booksWorkbook(
      books,
      (id) => `${this.config.publicUrl}/api/books/expenses/${id}/invoice`,
      (error) => this.logger.error(`Books workbook broke off: ${error instanceof Error ? error.message : String(error)}`),
    );
    return new StreamableFile(stream, {
      type: XLSX_CONTENT_TYPE,
      disposition: `attachment; filename="${BOOKS_REPORT.filePrefix}-${todayInGuatemala()}.xlsx"`,
    });
  }
}

/** An expense's invoice, for the committee and for every family once the expense counts. */
@Roles('admin', 'parent')
@Controller('books/expenses/:id')
export class InvoiceFilesController {
  constructor(private readonly expenses: ExpensesService) {}

  @Get('invoice')
  async invoice(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const { bytes, type } = await this.expenses.invoice(user, id, 'file');
    sendStoredFile(reply, bytes, type, `factura-${id}.${type === 'application/pdf' ? 'pdf' : 'jpg'}`);
  }

  @Get('thumbnail')
  async thumbnail(@CurrentUser() user: User, @Param('id', ParseIdPipe) id: number, @Res() reply: FastifyReply): Promise<void> {
    const { bytes } = await this.expenses.invoice(user, id, 'thumbnail');
    sendStoredFile(reply, bytes, 'image/jpeg', `factura-${id}-miniatura.jpg`);
  }
}

/** 'Cuentas del comité' for a family: the class's totals and spending, never another family's detail. */
@Roles('parent')
@Controller('my-books')
export class MyBooksController {
  constructor(
    private readonly reader: BooksReader,
    private readonly questions: QuestionsService,
  ) {}

  @Get()
  get(@CurrentUser() user: User): Promise<ParentBooks> {
    return this.reader.forParent(user);
  }

  /** Answers to the family's questions since it last opened the page ('Cuentas' in the menu). */
  @Get('answers')
  answers(@CurrentUser() user: User): Promise<BooksAnswersSeen> {
    return this.questions.unseenAnswers(user);
  }

  /** The page was opened: takes no body, and sending it again does no harm. */
  @ClassScope('class-any-state')
  @Put('seen')
  markSeen(@CurrentUser() user: User): Promise<{ lastSeenAt: string }> {
    return this.questions.markSeen(user);
  }

  @Post('questions')
  ask(@CurrentUser() user: User, @Body() body: ExpenseQuestionDto): Promise<ExpenseQuestion> {
    return this.questions.ask(user, body);
  }
}
