import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FamilyStoreModule } from '../families/family.store';
import { LedgerModule } from '../ledger/ledger.module';
import { ParentModule } from '../parent/parent.module';
import { BooksController, InvoiceFilesController, MyBooksController } from './books.controller';
import { BooksService } from './books.service';
import { ControlsModule } from './controls.service';
import { BudgetLineEntity, BudgetVersionEntity } from './budget.entity';
import { ExpenseEntity, ExpenseQuestionEntity, InvoiceFileEntity } from './expense.entity';
import { BooksVisitEntity, HoldingEntity } from './holding.entity';
import { InvoiceFiles } from './invoice-files';

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
    ]),
    LedgerModule,
    ParentModule,
    FamilyStoreModule,
    ControlsModule,
  ],
  controllers: [BooksController, InvoiceFilesController, MyBooksController],
  providers: [BooksService, InvoiceFiles],
})
export class BooksModule {}
