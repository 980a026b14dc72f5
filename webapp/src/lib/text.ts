// Text as searches compare it: every search of the app ignores accents and case, so 'canon'
// finds 'Cañón' and 'OPTICA' finds 'Óptica'.

/** The text without accents (NFD, combining marks dropped) and in lower case. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether `text` contains `search` (trimmed), ignoring accents and case; a blank search matches. */
export const containsFolded = (text: string, search: string) => fold(text).includes(fold(search.trim()));
