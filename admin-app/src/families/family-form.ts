import type { Family, FamilyInput, RsvpAnswer } from '@portal/contracts';
import { toCount } from '../common/numbers';

/** What the dialog edits: text inputs as typed, the checkbox as a boolean, answers in three states. */
export interface FamilyForm {
  graduateName: string;
  contactName: string;
  email: string;
  /** '' for none. */
  secondEmail: string;
  phone: string;
  tablesBooked: string;
  paymentAmount: string;
  hasPaid: boolean;
  /** Two graduates in the class: the family owes the payments' twins amounts. */
  twins: boolean;
  /** null while the family has not answered (decisions item 17). */
  awardsAnswer: RsvpAnswer | null;
  brunchAnswer: RsvpAnswer | null;
  /** People attending with the answer, as typed ('' leaves the server's: the one it had, else 1). */
  awardsGuests: string;
  brunchGuests: string;
}

export const EMPTY_FAMILY_FORM: FamilyForm = {
  graduateName: '',
  contactName: '',
  email: '',
  secondEmail: '',
  phone: '',
  tablesBooked: '0',
  paymentAmount: '0',
  hasPaid: false,
  twins: false,
  awardsAnswer: null,
  brunchAnswer: null,
  awardsGuests: '',
  brunchGuests: '',
};

export function familyToForm(family: Family): FamilyForm {
  return {
    graduateName: family.graduateName,
    contactName: family.contactName,
    email: family.email,
    secondEmail: family.secondEmail ?? '',
    phone: family.phone,
    hasPaid: family.hasPaid,
    twins: family.graduates === 2,
    tablesBooked: String(family.tablesBooked),
    paymentAmount: String(family.paymentAmount),
    awardsAnswer: family.awardsAnswer,
    brunchAnswer: family.brunchAnswer,
    awardsGuests: family.awardsGuests === null ? '' : String(family.awardsGuests),
    brunchGuests: family.brunchGuests === null ? '' : String(family.brunchGuests),
  };
}

/** Save needs the four required fields. */
export const canSaveFamily = (form: FamilyForm) =>
  [form.graduateName, form.contactName, form.email, form.phone].every((value) => value.trim() !== '');

export function formToFamilyInput(form: FamilyForm): FamilyInput {
  return {
    graduateName: form.graduateName.trim(),
    contactName: form.contactName.trim(),
    email: form.email.trim(),
    secondEmail: form.secondEmail.trim() || null,
    phone: form.phone.trim(),
    tablesBooked: toCount(form.tablesBooked),
    paymentAmount: toCount(form.paymentAmount),
    hasPaid: form.hasPaid,
    graduates: form.twins ? 2 : 1,
    // The spec's booleans, and the answers themselves, which the API takes over them.
    awardsRsvp: form.awardsAnswer === 'attending',
    brunchRsvp: form.brunchAnswer === 'attending',
    awardsAnswer: form.awardsAnswer,
    brunchAnswer: form.brunchAnswer,
    ...guests('awardsGuests', form.awardsAnswer, form.awardsGuests),
    ...guests('brunchGuests', form.brunchAnswer, form.brunchGuests),
  };
}

/** The people of an attending answer when typed (a number, checked by the server); else nothing. */
function guests(field: 'awardsGuests' | 'brunchGuests', answer: RsvpAnswer | null, typed: string): Partial<FamilyInput> {
  if (answer !== 'attending' || typed.trim() === '') return {};
  return { [field]: Number(typed) };
}
