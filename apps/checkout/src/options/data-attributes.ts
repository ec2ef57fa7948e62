/**
 * The automatic form mode's options, read from the script tag's attributes as Razorpay's checkout
 * reads them: every `data-*` attribute is an option named by the rest of its name, kept flat
 * (`data-prefill.name` is the option `prefill.name`, `data-theme.color` is `theme.color`), except
 * `data-notes.<key>`, which become notes; "true" and "false" are flags, anything else is text.
 */
export function optionsFromDataAttributes(
  attributes: Iterable<{ name: string; value: string }>,
): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  const notes: Record<string, string | boolean> = {};
  for (const attribute of attributes) {
    const name = attribute.name.toLowerCase();
    if (!name.startsWith('data-')) continue;
    const option = name.slice('data-'.length);
    const value =
      attribute.value === 'true' ? true : attribute.value === 'false' ? false : attribute.value;
    if (option.startsWith('notes.')) notes[option.slice('notes.'.length)] = value;
    else options[option] = value;
  }
  if (Object.keys(notes).length > 0) options['notes'] = notes;
  return options;
}
