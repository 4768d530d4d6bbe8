// The minimum age to open an account (the server's UNDERAGE refuses younger), checked by the registration
// form as the date of birth is typed, in the browser's calendar (the server counts in the brand's business
// day, which may be a day apart around midnight: the server's word is the last).
export const MINIMUM_AGE = 18;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

// Age in whole years on `today` of someone born on `birthday` (yyyy-MM-dd); null for what is no such date.
// Born on 29 February, one turns a year older on 1 March of a common year.
export function ageOn(birthday: string, today: Date = new Date()): number | null {
  const match = DAY.exec(birthday.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  const before = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (before ? 1 : 0);
}

export function isUnderage(birthday: string, today: Date = new Date()): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age < MINIMUM_AGE;
}

// The latest date of birth that is old enough today (yyyy-MM-dd): the date picker's upper end.
export function latestAdultBirthday(today: Date = new Date()): string {
  const year = today.getFullYear() - MINIMUM_AGE;
  const month = today.getMonth();
  let date = new Date(year, month, today.getDate());
  if (date.getMonth() !== month) date = new Date(year, month + 1, 0); // 29 February in a common year: the 28th
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
