// Whether a form on screen holds unsaved changes, for the code that ends a session: a token that
// runs out then lapses (the user logs in again over the form) instead of leaving the screen, and a
// session ended for good (a logout in another tab, another user's login) discards the form on
// purpose and says so. Forms register through ui/useUnsavedChanges.

export interface UnsavedForm {
  /** Whether it differs from what it opened with and was not saved. */
  dirty(): boolean;
  /** Lets it go without asking: the next navigation and unload are not questioned. */
  discard(): void;
}

const forms = new Set<UnsavedForm>();

/** Registers a form while it is mounted; answers the unregister. */
export function registerForm(form: UnsavedForm) {
  forms.add(form);
  return () => {
    forms.delete(form);
  };
}

export const hasUnsavedChanges = () => [...forms].some((f) => f.dirty());

/** Discards every form's unsaved changes; answers whether there were any. */
export function discardUnsavedChanges(): boolean {
  const had = hasUnsavedChanges();
  forms.forEach((f) => f.discard());
  return had;
}
