import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { LedgerModule } from '../ledger/ledger.module';
import { SessionFamilyModule } from '../families/session-family';
import { BooksController, InvoiceFilesController, MyBooksController } from './books.controller';
import { BankMovements } from './bank-movements';
import { BooksReader } from './books-reader';
import { BooksService } from './books.service';
import { ExpenseApprovalsService } from './expense-approvals.service';
import { ExpensesService } from './expenses.service';
import { MoneyAccountsService } from './money-accounts.service';
import { QuestionsService } from './questions.service';
import { TransfersService } from './transfers.service';
import { ControlsModule } from './controls.service';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ExpenseEntity, ExpenseQuestionEntity, InvoiceFileEntity, QuestionDigestEntity } from './expense.entity';
import { BooksMail } from './books-mail';
import { QuestionsDigest, QuestionsDigestScheduler } from './questions-digest';
import { SettingsStoreModule } from '../settings/settings.store';
import { MoneyAccountStoreModule } from '../money-accounts/money-account.store';
import { UsersModule } from '../users/users.module';
import { BooksVisitEntity, HoldingEntity } from './holding.entity';
import { InvoiceFiles } from './invoice-files';
import { BooksClosing } from './books-closing';
import { ExpenseReversalHooks } from './expense-reversal-hooks';

/** The committee's books (docs/books.md): what it spends, against its budget, open to every family. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      BudgetVersionEntity,
      BudgetLineEntity,
      ExpenseEntity,
      InvoiceFileEntity,
      ExpenseQuestionEntity,
      HoldingEntity,
      BooksVisitEntity,
      QuestionDigestEntity,
    ]),
    SettingsStoreModule,
    UsersModule,
    LedgerModule,
    SessionFamilyModule,
    FamilyStoreModule,
    ControlsModule,
    MoneyAccountStoreModule,
  ],
  controllers: [BooksController, InvoiceFilesController, MyBooksController],
  providers: [
    BooksReader,
    BooksService,
    ExpensesService,
    ExpenseApprovalsService,
    TransfersService,
    MoneyAccountsService,
    QuestionsService,
    BooksMail,
    QuestionsDigest,
    QuestionsDigestScheduler,
    InvoiceFiles,
    BooksClosing,
    ExpenseReversalHooks,
    BankMovements,
  ],
  exports: [BooksReader, BooksClosing, ExpensesService, ExpenseReversalHooks, BankMovements, MoneyAccountsService],
})
export class BooksModule {}
