import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { BankAccountType, MoneyAccountKind } from '@portal/contracts';
import { RecordedRow } from '../database/recorded-row';

/**
 * One of the class's money accounts (docs/books.md 'Accounts'): a bank account or the cash box.
 * The main one is the bank account families are shown: its bank, number and holder are the
 * settings' (changed there under four eyes), so its row keeps none of them.
 */
@Entity('money_accounts')
export class MoneyAccountEntity extends RecordedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 10 })
  kind!: MoneyAccountKind;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  bankName!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  accountNumber!: string | null;

  @Column({ type: 'varchar', length: 120, nullable: true })
  accountHolder!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  accountType!: BankAccountType | null;

  @Column({ type: 'boolean', default: false })
  main!: boolean;
}
