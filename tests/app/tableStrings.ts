// Every string in some string tables (nested objects of texts), for tests that read them all.

export function stringsOf(tables: readonly unknown[]): string[] {
  const texts: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  tables.forEach(collect);
  return texts;
}
