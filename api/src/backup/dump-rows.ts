// Counts what a mysqldump file holds, table by table, as it streams past: what the restore compares
// with the rows the scratch database ended up with.

const NAME = /^(?:CREATE TABLE|INSERT INTO) `((?:[^`]|``)+)`/;
const PREFIXES = ['CREATE TABLE `', 'INSERT INTO `'];

/**
 * Rows per table of a dump (`INSERT INTO \`t\` VALUES (...),(...);`, on one line as mysqldump
 * writes it or a row a line as mariadb-dump 10.11 does; a table with no INSERT counts 0). Byte by byte, in fixed memory: quotes and
 * backslash escapes are followed, so a value holding `),(` or a newline is one value.
 */
export class DumpRows {
  readonly tables = new Map<string, number>();
  private line = '';
  private mode: 'start' | 'skip' | 'rows' = 'start';
  private table = '';
  private depth = 0;
  private quoted = false;
  private escaped = false;

  push(chunk: Buffer): void {
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (this.mode === 'rows') {
        if (this.escaped) this.escaped = false;
        else if (this.quoted) {
          if (byte === 0x5c) this.escaped = true;
          else if (byte === 0x27) this.quoted = false;
        } else if (byte === 0x27) this.quoted = true;
        else if (byte === 0x28) {
          if (this.depth++ === 0) this.tables.set(this.table, (this.tables.get(this.table) ?? 0) + 1);
        } else if (byte === 0x29) this.depth--;
        else if (byte === 0x3b && this.depth === 0) this.mode = 'skip';
        continue;
      }
      if (byte === 0x0a) this.startLine();
      else if (this.mode === 'start') this.read(String.fromCharCode(byte));
    }
  }

  private startLine(): void {
    this.mode = 'start';
    this.line = '';
  }

  /** The start of a line, until it is known to be a CREATE TABLE, an INSERT, or neither. */
  private read(char: string): void {
    this.line += char;
    if (!PREFIXES.some((prefix) => prefix.startsWith(this.line) || this.line.startsWith(prefix))) {
      this.mode = 'skip';
      return;
    }
    const name = NAME.exec(this.line);
    if (!name || !this.line.endsWith(this.line.startsWith('INSERT') ? ' VALUES' : ' (')) {
      if (this.line.length > 300) this.mode = 'skip';
      return;
    }
    this.table = name[1]!.replace(/``/g, '`');
    if (!this.tables.has(this.table)) this.tables.set(this.table, 0);
    if (this.line.startsWith('INSERT')) {
      this.mode = 'rows';
      this.depth = 0;
      this.quoted = false;
      this.escaped = false;
    } else this.mode = 'skip';
  }
}
