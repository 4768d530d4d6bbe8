// The register modal's title. Only the brand knows what it pays a newcomer, so any offer in the title is
// the brand's own wording (BrandOut.registerTitle, by language code); without one the modal shows a
// neutral title and promises nothing.

export type RegisterTitles = Readonly<Record<string, string>> | null | undefined;

function entry(titles: Readonly<Record<string, string>>, language: string): string | null {
  const wanted = language.trim().toUpperCase();
  for (const [code, text] of Object.entries(titles)) {
    if (code.trim().toUpperCase() === wanted && typeof text === 'string' && text.trim()) return text.trim();
  }
  return null;
}

// The brand's title in this language, else its English one; null when the brand words none.
export function brandRegisterTitle(titles: RegisterTitles, language: string): string | null {
  if (!titles) return null;
  return entry(titles, language) ?? entry(titles, 'EN');
}
