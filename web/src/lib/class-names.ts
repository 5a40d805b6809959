/** An element's class attribute from the names that apply: false, null, undefined and '' are left out. */
export function classNames(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
