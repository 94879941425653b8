import { ConflictException, HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
import { IsNull, MoreThan, Not } from 'typeorm';
import {
  COMMITMENT_KIND,
  REIMBURSEMENT_KIND,
  TRANSFER_KIND,
  type Books,
  type BooksAnswersSeen,
  type ExpenseAnswerInput,
  type ExpenseQuestion,
  type ExpenseQuestionInput,
  type User,
} from '@portal/contracts';
import { Database } from '../database/database.service';
import { recordChange } from '../history/record';
import { SessionFamily } from '../families/session-family';
import { BooksMail } from './books-mail';
import { BOOKS_MESSAGES, OPEN_QUESTIONS_PER_FAMILY } from './books.messages';
import { BooksReader } from './books-reader';
import { expenseLabel } from './books-rows';
import { ExpenseEntity, ExpenseQuestionEntity } from './expense.entity';
import { BooksVisitEntity } from './holding.entity';

/**
 * Families' questions about the approved expenses and the committee's answers (docs/books.md),
 * with each family's last visit to the page, which says what is new to it.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly db: Database,
    private readonly families: SessionFamily,
    private readonly reader: BooksReader,
    private readonly mail: BooksMail,
  ) {}

  /** Answers to the family's own questions given after its last visit to the page (the menu's count). */
  async unseenAnswers(user: User): Promise<BooksAnswersSeen> {
    const family = await this.families.familyOf(user);
    const manager = this.db.manager;
    const visit = await manager.findOneBy(BooksVisitEntity, { familyId: family.id });
    const unseenAnswers = await manager.countBy(ExpenseQuestionEntity, {
      familyId: family.id,
      answeredAt: visit ? MoreThan(visit.seenAt) : Not(IsNull()),
    });
    return { unseenAnswers };
  }

  /** The committee's menu and dashboard: questions waiting for an answer. */
  async openQuestions(): Promise<{ count: number }> {
    return { count: await this.db.manager.countBy(ExpenseQuestionEntity, { answer: IsNull() }) };
  }

  /** The family opened the page: what is approved from now on reads 'Nuevo' at its next visit. */
  async markSeen(user: User): Promise<{ lastSeenAt: string }> {
    return this.db.writeAnyClass(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_read');
      const seenAt = new Date();
      await manager.upsert(BooksVisitEntity, { familyId: family.id, seenAt }, ['familyId']);
      return { lastSeenAt: seenAt.toISOString() };
    });
  }

  /** A family's short question about an approved expense: the answer will be every family's. */
  async ask(user: User, input: ExpenseQuestionInput): Promise<ExpenseQuestion> {
    return this.db.write(async (manager) => {
      const family = await this.families.familyOf(user, manager, 'pessimistic_write');
      const expense = await manager.findOneBy(ExpenseEntity, { id: input.expenseId, state: 'aprobado' });
      // Families see approved money only: a commitment, a transfer between the class's accounts or a
      // member's reimbursement (or their reversals) is not asked about as an expense.
      const reversed = expense?.reversesId ? await manager.findOneBy(ExpenseEntity, { id: expense.reversesId }) : null;
      const unseen = (kind: string | undefined) => kind === COMMITMENT_KIND || kind === TRANSFER_KIND || kind === REIMBURSEMENT_KIND;
      if (!expense || unseen(expense.kind) || unseen(reversed?.kind)) throw new NotFoundException(BOOKS_MESSAGES.expenseNotFound);
      const open = await manager.countBy(ExpenseQuestionEntity, { familyId: family.id, answer: IsNull() });
      if (open >= OPEN_QUESTIONS_PER_FAMILY)
        throw new HttpException({ message: BOOKS_MESSAGES.tooManyQuestions(open) }, HttpStatus.TOO_MANY_REQUESTS);
      const { identifiers } = await manager.insert(ExpenseQuestionEntity, {
        expenseId: expense.id,
        familyId: family.id,
        askedById: user.id,
        question: input.question.trim(),
        askedAt: new Date(),
        answer: null,
        answeredByName: null,
        answeredAt: null,
      });
      const row = await manager.findOneByOrFail(ExpenseQuestionEntity, { id: Number(identifiers[0]!.id) });
      await recordChange(manager, user, {
        action: 'books.question',
        entity: 'books',
        entityId: row.id,
        familyId: family.id,
        label: expenseLabel(expense),
        after: { question: row.question },
      });
      return {
        id: row.id,
        expenseId: row.expenseId,
        question: row.question,
        askedAt: row.askedAt.toISOString(),
        mine: true,
        answer: null,
        answeredBy: null,
        answeredAt: null,
      };
    });
  }

  /** The committee's answer, once (a second answer would change what families already read). */
  async answer(user: User, id: number, input: ExpenseAnswerInput): Promise<Books> {
    return this.db.write(async (manager) => {
      const row = await manager.findOneBy(ExpenseQuestionEntity, { id });
      if (!row) throw new NotFoundException(BOOKS_MESSAGES.questionNotFound);
      if (row.answer !== null) throw new ConflictException(BOOKS_MESSAGES.alreadyAnswered(row.answeredByName ?? 'Otra persona del comité'));
      const answer = input.answer.trim();
      const result = await manager.update(
        ExpenseQuestionEntity,
        { id, answer: IsNull() },
        { answer, answeredByName: user.name.slice(0, 120), answeredAt: new Date() },
      );
      if (!result.affected) throw new ConflictException(BOOKS_MESSAGES.alreadyAnswered('Otra persona del comité'));
      const expense = await manager.findOneByOrFail(ExpenseEntity, { id: row.expenseId });
      await recordChange(manager, user, {
        action: 'books.answer',
        entity: 'books',
        entityId: row.id,
        familyId: row.familyId,
        label: expenseLabel(expense),
        before: { answer: null },
        after: { answer },
      });
      await this.mail.answered(manager, row.familyId, { expense: expenseLabel(expense), question: row.question, answer });
      return this.reader.forAdmin(manager);
    });
  }
}
