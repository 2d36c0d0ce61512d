export { contractResolver, type FieldCodes } from './contractForm.ts';
export {
  EmailField,
  FormAlert,
  PasswordField,
  PhoneField,
  SelectField,
  TextField,
  UsernameField,
} from './Field.tsx';
export { formErrorText, handledGlobally, useFormError } from './formError.ts';
export { lazyContractResolver } from './lazyContractForm.ts';
export { StepForm, type StepFormProps, useStepForm } from './StepForm.tsx';
