/** Fills `{name}` placeholders of a ja.ts text; a missing parameter stays visible, as in format.ts. */
export const fill = (text: string, params: Readonly<Record<string, string | number>>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined ? whole : String(v);
  });
