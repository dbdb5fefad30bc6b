/**
 * Japanese eras (和暦) for date input: the letters residents type (H3, s50, case-insensitive) and
 * the kanji names, with spec 01 §5's base years (Western year = base + era year).
 *
 * An era year past the era's end is still computed arithmetically (H31 → 2019, H35 → 2023), not
 * refused: the spec gives only the bases, and old paper forms keep using 平成 past 2019.
 */
export const ERAS = [
  { letter: 'M', name: '明治', base: 1867 },
  { letter: 'T', name: '大正', base: 1911 },
  { letter: 'S', name: '昭和', base: 1925 },
  { letter: 'H', name: '平成', base: 1988 },
  { letter: 'R', name: '令和', base: 2018 },
] as const;

export type Era = (typeof ERAS)[number];
export type EraLetter = Era['letter'];

/** A regex alternative matching any era token (letters of either case, kanji names). */
export const ERA_TOKEN_SOURCE = `(?:${ERAS.map((e) => e.name).join('|')}|[${ERAS.map((e) => e.letter + e.letter.toLowerCase()).join('')}])`;

/** The era named by a letter (any case) or a kanji name; undefined for anything else. */
export const findEra = (token: string): Era | undefined => {
  const t = token.trim();
  return ERAS.find((e) => e.name === t || e.letter === t.toUpperCase());
};

export const eraToWesternYear = (era: Era, year: number): number => era.base + year;

/** 元 (the first year, 元年) or digits; NaN for anything else. */
export const parseEraYearNumber = (text: string): number => (text === '元' ? 1 : /^-?\d+$/.test(text) ? Number(text) : NaN);
