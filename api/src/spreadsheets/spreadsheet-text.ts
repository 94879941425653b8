/** Characters that make Excel, LibreOffice or Sheets read a typed value as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A phone number such as '+502 5555-1001': only digits and separators, so no formula can hide in it. */
const PHONE_LIKE = /^[+-][\d\s().-]*$/;

/**
 * Text someone typed (a name, an e-mail, a phone, an event title), made safe to put in a cell:
 * a value a spreadsheet would evaluate gets a leading single quote, as OWASP recommends
 * (ASVS 1.2.10, CSV/formula injection). Callers also write it as a plain string cell, never as
 * a formula object, so the quote is a second line of defence rather than the only one. Phone
 * numbers keep their '+' as typed: the committee reads them, and they cannot call a function.
 */
export function inertCellText(value: string): string {
  return FORMULA_START.test(value) && !PHONE_LIKE.test(value) ? `'${value}` : value;
}
