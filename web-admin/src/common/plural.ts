const rules = new Intl.PluralRules('en-US');

/** "1 lesson", "2 lessons", "1,200 students": a count with its noun in the right number. */
export function plural(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${rules.select(count) === 'one' ? one : other}`;
}
