import { DumpRows } from './dump-rows';

const count = (dump: string, chunk = 7) => {
  const rows = new DumpRows();
  const bytes = Buffer.from(dump);
  for (let at = 0; at < bytes.length; at += chunk) rows.push(bytes.subarray(at, at + chunk));
  return Object.fromEntries(rows.tables);
};

describe('DumpRows', () => {
  it('counts the rows of each table, values with quotes, brackets, escapes and newlines included', () => {
    const dump = [
      '-- MariaDB dump 10.19',
      'DROP TABLE IF EXISTS `families`;',
      'CREATE TABLE `families` (',
      '  `id` int(11) NOT NULL AUTO_INCREMENT,',
      '  PRIMARY KEY (`id`)',
      ') ENGINE=InnoDB;',
      // Row 3's text holds `),(4,` and a doubled quote: one row, not two.
      "INSERT INTO `families` VALUES (1,'Ana (la mayor)'),(2,'O\\'Brien \\\\'),(3,'línea\\n),(4,''x'),(5,NULL);",
      "INSERT INTO `families` VALUES (6,'INSERT INTO `families` VALUES (7)');",
      'CREATE TABLE `payment_proofs` (',
      '  `id` int(11) NOT NULL',
      ');',
      'CREATE TABLE `outbox` (',
      '  `id` int(11) NOT NULL',
      ');',
      "INSERT INTO `outbox` VALUES (1,_binary 'a\\0\\'b');",
      // mariadb-dump 10.11: a row a line.
      'CREATE TABLE `books_settings` (',
      '  `id` int(11) NOT NULL',
      ');',
      'INSERT INTO `books_settings` VALUES',
      "(1,100000,'uno;\\n'),",
      '(2,5,NULL);',
      '-- Dump completed on 2026-11-23 08:30:01',
      '',
    ].join('\n');
    expect(count(dump)).toEqual({ families: 5, payment_proofs: 0, outbox: 1, books_settings: 2 });
    expect(count(dump, 1)).toEqual({ families: 5, payment_proofs: 0, outbox: 1, books_settings: 2 });
    expect(count(dump, 10_000)).toEqual({ families: 5, payment_proofs: 0, outbox: 1, books_settings: 2 });
  });
});
