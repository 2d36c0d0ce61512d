/**
 * The header that carries a clientSignature on anonymous POSTs (endpoints/auth.ts says when).
 * A module without zod: the member app's sign-in and sign-up send it before they load any schema.
 */
export const CLIENT_SIGNATURE_HEADER = 'x-client-signature';
