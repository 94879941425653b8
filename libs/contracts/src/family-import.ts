// 'Importar lista del colegio': the school's list of graduates (CSV or XLSX) read into families.
// POST /api/families/import/preview reads it and writes nothing; POST /api/families/import
// creates the rows the preview accepted, all or none. Both take multipart/form-data with `file`.

/** A row of the list as its family would be created: names and phone trimmed, e-mail normalised. */
export interface FamilyImportRow {
  /** The row's number in the file (1-based, as the spreadsheet numbers it). */
  line: number;
  graduateName: string;
  contactName: string;
  /** The first address of the list's e-mail cell: the family's. */
  email: string;
  /** Empty when the list has none: the committee adds it later. */
  phone: string;
  /** Other addresses written in the same cell, as written. */
  otherEmails: string[];
  /**
   * The family's second contact (FamilyInput.secondEmail): the first of `otherEmails` that is a
   * valid address other than the family's, normalised; the rest are not kept.
   */
  secondEmail: string | null;
}

/** A row that will not be imported, with its cells as written and each reason, in Spanish. */
export interface FamilyImportRefusal extends FamilyImportRow {
  reasons: string[];
}

export interface FamilyImportPreview {
  /** The rows that will become families. */
  rows: FamilyImportRow[];
  refused: FamilyImportRefusal[];
  /**
   * Names the accepted rows exactly: the import sends it back with the same file, and creates
   * nothing when the list would now give other rows (another admin added one of its families).
   */
  checksum: string;
}

export interface FamilyImportResult {
  created: number;
  /** The new families' ids, in the list's order. */
  familyIds: number[];
}
