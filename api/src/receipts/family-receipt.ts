import { FAMILY_MESSAGES, type FamilyReceipt, type Receipt } from '@portal/contracts';

/**
 * A receipt as its family reads it (decisions item 25): every field named, and of a rejection the
 * committee's message to the family (or the neutral default), never its internal reason.
 */
export function toFamilyReceipt(receipt: Receipt): FamilyReceipt {
  const review = receipt.review;
  return {
    id: receipt.id,
    paymentNumber: receipt.paymentNumber,
    paysFor: receipt.paysFor,
    fileName: receipt.fileName,
    uploadedAt: receipt.uploadedAt,
    state: receipt.state,
    contentType: receipt.contentType,
    hasThumbnail: receipt.hasThumbnail,
    amountDeclared: receipt.amountDeclared,
    depositDate: receipt.depositDate,
    documentNumber: receipt.documentNumber,
    kind: receipt.kind,
    duplicateOf: receipt.duplicateOf,
    creditId: receipt.creditId,
    review: review && {
      reviewedBy: review.reviewedBy,
      reviewedAt: review.reviewedAt,
      amountReceived: review.amountReceived,
      message: receipt.state === 'rechazado' ? (review.familyMessage ?? FAMILY_MESSAGES.rejection) : null,
      documentNumber: review.documentNumber ?? null,
      depositDate: review.depositDate ?? null,
    },
  };
}
