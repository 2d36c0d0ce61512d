import { TextField } from '@bahtdesk/ui/forms';
import type { ComponentProps } from 'react';

/** A six-digit code from an authenticator app: the number keyboard and one-time-code autofill. */
export function CodeField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return (
    <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} spellCheck={false} {...props} />
  );
}
