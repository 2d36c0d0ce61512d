/**
 * The contract's schemas that the sign-in and sign-up forms check with, in a module of their own:
 * the forms import it dynamically (lazyContractResolver), so zod, the schemas and the address
 * checks they call load on the first check, not with the page.
 */
export {
  bankAccountInputSchema,
  personalInfoSchema,
  signInBodySchema,
  signUpCredentialsSchema,
  usdtAddressInputSchema,
} from '@bahtdesk/contract';
