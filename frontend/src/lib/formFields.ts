// What is wrong with a form field, as an i18n key and its values: the account, wallet and member-centre
// forms all report problems this way, and components/FormField shows them.
export interface FieldProblem {
  key: string; // i18n key
  values?: Record<string, string | number>;
}
