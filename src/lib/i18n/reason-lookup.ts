/** A reason code's words in one table, or null for a code it does not know (a newer database, a hostile value). */
export function reasonIn(table: Readonly<Record<string, string>>, code: string | null | undefined): string | null {
  return code && Object.hasOwn(table, code) ? (table[code] ?? null) : null;
}
