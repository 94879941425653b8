// The size of any one uploaded file (a receipt, an invoice, a statement, the school's list).
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = 'El archivo es demasiado grande: el máximo es 10 MB.';
