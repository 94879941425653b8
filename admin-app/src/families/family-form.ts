import type { Family, FamilyInput } from '@portal/contracts';
import { toCount } from '../common/numbers';

/** What the dialog edits: text inputs as typed, checkboxes as booleans. */
export interface FamilyForm {
  graduateName: string;
  contactName: string;
  email: string;
  phone: string;
  tablesBooked: string;
  paymentAmount: string;
  hasPaid: boolean;
  awardsRsvp: boolean;
  brunchRsvp: boolean;
}

export const EMPTY_FAMILY_FORM: FamilyForm = {
  graduateName: '',
  contactName: '',
  email: '',
  phone: '',
  tablesBooked: '0',
  paymentAmount: '0',
  hasPaid: false,
  awardsRsvp: false,
  brunchRsvp: false,
};

export function familyToForm(family: Family): FamilyForm {
  return { ...family, tablesBooked: String(family.tablesBooked), paymentAmount: String(family.paymentAmount) };
}

/** Save needs the four required fields. */
export const canSaveFamily = (form: FamilyForm) =>
  [form.graduateName, form.contactName, form.email, form.phone].every((value) => value.trim() !== '');

export function formToFamilyInput(form: FamilyForm): FamilyInput {
  return {
    graduateName: form.graduateName.trim(),
    contactName: form.contactName.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    tablesBooked: toCount(form.tablesBooked),
    paymentAmount: toCount(form.paymentAmount),
    hasPaid: form.hasPaid,
    awardsRsvp: form.awardsRsvp,
    brunchRsvp: form.brunchRsvp,
  };
}
