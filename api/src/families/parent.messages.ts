/** What a parent reads when a request of the portal cannot be served (Spanish, shown as is). */
export const PARENT_MESSAGES = {
  familyNotFound: 'No encontramos un perfil familiar para tu cuenta. Contacta a la administración.',
  eventNotFound: 'No encontramos ese evento.',
  paymentNumber: 'El número de pago debe ser del 1 al 6.',
} as const;
